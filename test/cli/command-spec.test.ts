/** The option spec parser and help renderer (src/cli/command-spec.ts) that every command uses. */
import { describe, expect, test } from '@jest/globals';
import { formatHelp, parseCommand, type CommandSpec } from '../../src/cli/command-spec.js';

const spec: CommandSpec = {
  name: 'demo',
  describe: 'A demo command',
  positionals: [
    { name: 'first', required: true, describe: 'The first' },
    { name: 'rest', variadic: true, describe: 'The others' },
  ],
  options: {
    root: { type: 'string', placeholder: 'DIR', describe: 'Where' },
    tag: { type: 'string', multiple: true, describe: 'A tag' },
    limit: { type: 'number', default: 10, describe: 'How many' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', describe: 'Output format' },
    quiet: { type: 'boolean', short: 'q', describe: 'Less' },
  },
};

const usage = (argv: string[]) => {
  try {
    parseCommand(spec, argv);
    return 'no error';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
};

describe('parseCommand', () => {
  test('binds positionals, defaults, numbers, repeatable options', () => {
    expect(parseCommand(spec, ['a', 'b', 'c', '--tag', 'x', '--tag=y', '--limit', '3', '-q'])).toEqual({
      positionals: { first: 'a', rest: ['b', 'c'] },
      values: { root: undefined, tag: ['x', 'y'], limit: 3, format: 'text', quiet: true },
    });
  });

  test('--help anywhere wins, even with other mistakes', () => {
    expect(parseCommand(spec, ['--bogus', '--help'])).toBe('help');
    expect(parseCommand(spec, ['-h'])).toBe('help');
  });

  test.each([
    [['a', '--root', 'x', '--root', 'y'], 'UsageError: --root was given more than once; give it once'],
    [['a', '--quiet', '--quiet'], 'UsageError: --quiet was given more than once; give it once'],
    [['a', '--format', 'xml'], 'UsageError: --format xml: expected one of text, json'],
    [['a', '--limit', 'ten'], 'UsageError: --limit ten: expected a number'],
    [[], 'UsageError: missing argument <first>'],
    [['a', '--nope'], "UsageError: Unknown option '--nope'"],
  ])('%j is a usage error naming the problem and the help', (argv, message) => {
    const got = usage(argv);
    expect(got.startsWith(message)).toBe(true);
    expect(got.endsWith('\nRun `memdex demo --help` for usage.')).toBe(true);
  });

  test('an extra argument is refused when nothing takes it', () => {
    const single: CommandSpec = { name: 'one', describe: '', positionals: [{ name: 'id', describe: '' }] };
    expect(() => parseCommand(single, ['a', 'b'])).toThrow("unexpected argument 'b'");
  });
});

test('formatHelp lists exactly the spec, with defaults and value names', () => {
  expect(formatHelp(spec)).toBe(
    [
      'Usage: memdex demo <first> [rest..] [options]',
      '',
      'A demo command',
      '',
      'Arguments:',
      '  first  The first',
      '  rest   The others',
      '',
      'Options:',
      '  --root DIR          Where',
      '  --tag VALUE         A tag (repeatable)',
      '  --limit N           How many (default: 10)',
      '  --format text|json  Output format (default: text)',
      '  -q, --quiet         Less',
      '  -h, --help          Show this help',
      '',
    ].join('\n'),
  );
});
