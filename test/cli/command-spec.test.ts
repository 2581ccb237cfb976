/**
 * The option spec parsers (src/cli/command-spec.ts: parseArgs for the per-call commands;
 * src/cli/yargs-spec.ts: yargs for the others) and the help yargs renders from the spec.
 */
import { describe, expect, test } from '@jest/globals';
import { parseCommand, type CommandSpec } from '../../src/cli/command-spec.js';
import { UnknownOptionError } from '../../src/core/errors.js';
import { helpOf, parseWithYargs } from '../../src/cli/yargs-spec.js';

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

/** What a parser says about a command line: `no error`, or the error's name and message. */
const usageOf = (parse: (spec: CommandSpec, argv: string[]) => unknown) => (argv: string[]) => {
  try {
    parse(spec, argv);
    return 'no error';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
};
const usage = usageOf(parseCommand);

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
    [['a', '--nope'], "UsageError: unknown option '--nope'"],
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

test('an unknown option carries what the failure report needs for its did-you-mean (cli/report-failure.ts)', () => {
  let error: unknown;
  try {
    parseCommand(spec, ['a', '--quite']);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(UnknownOptionError);
  const unknown = error as UnknownOptionError;
  expect([unknown.given, unknown.known]).toEqual(['--quite', ['help', 'root', 'tag', 'limit', 'format', 'quiet']]);
  expect(unknown.withSuggestion('--quiet')).toBe("unknown option '--quite'. Did you mean --quiet?\nRun `memdex demo --help` for usage.");
});

describe('parseWithYargs (yargs configured from the same spec)', () => {
  const yargsUsage = usageOf(parseWithYargs);

  test('binds what parseCommand binds', () => {
    for (const argv of [['a', 'b', 'c', '--tag', 'x', '--tag=y', '--limit', '3', '-q'], ['a'], ['--format=json', 'a', '--root', 'r', '--', '--not-an-option'], ['-', '007', '-']]) {
      expect(parseWithYargs(spec, argv)).toEqual(parseCommand(spec, argv));
    }
  });

  test('a repeatable option takes one value per occurrence, not the positionals after it', () => {
    expect(parseWithYargs(spec, ['--tag', 'x', 'a', '--tag', 'y', 'b'])).toEqual({
      positionals: { first: 'a', rest: ['b'] },
      values: { root: undefined, tag: ['x', 'y'], limit: 10, format: 'text', quiet: undefined },
    });
  });

  test('--help anywhere wins', () => {
    expect(parseWithYargs(spec, ['--bogus', '--help'])).toBe('help');
  });

  test.each([
    [['a', '--root', 'x', '--root', 'y'], 'UsageError: --root was given more than once; give it once'],
    [['a', '--root=x', '--root=x'], 'UsageError: --root was given more than once; give it once'],
    [['a', '--limit', '1', '--limit', '2'], 'UsageError: --limit was given more than once; give it once'],
    [['a', '--format', 'xml'], 'UsageError: --format xml: expected one of text, json'],
    [['a', '--limit', 'ten'], 'UsageError: --limit ten: expected a number'],
    [['a', '--limit', '1e400'], 'UsageError: --limit 1e400: expected a number'],
    [['a', '--limit='], 'UsageError: --limit : expected a number'],
    [[], 'UsageError: missing argument <first>'],
    [['a', '--quiet', '--quiet'], 'UsageError: --quiet was given more than once; give it once'],
    [['a', '-q', '--quiet'], 'UsageError: --quiet was given more than once; give it once'],
    [['a', '--nope'], "UsageError: unknown option '--nope'"],
    [['a', '--no-quiet'], "UsageError: unknown option '--no-quiet'"],
    [['a', '--root'], "UsageError: Option '--root <value>' argument missing"],
  ])('%j is the same usage error as with parseCommand', (argv, message) => {
    const got = yargsUsage(argv);
    expect(got.startsWith(message)).toBe(true);
    expect(got.endsWith('\nRun `memdex demo --help` for usage.')).toBe(true);
  });

  test('an extra argument is refused when nothing takes it', () => {
    const single: CommandSpec = { name: 'one', describe: '', positionals: [{ name: 'id', describe: '' }] };
    expect(() => parseWithYargs(single, ['a', 'b'])).toThrow("unexpected argument 'b'");
    expect(() => parseWithYargs(single, ['a', '--', 'b'])).toThrow("unexpected argument 'b'");
  });
});

describe('helpOf: yargs renders the help from the spec', () => {
  test('it lists exactly the options and arguments the parsers accept, with defaults, choices and examples', async () => {
    const help = await helpOf({ ...spec, examples: [['memdex demo a', 'the first only']], notes: 'Exit codes: none.' });
    expect(help.startsWith('Usage: memdex demo <first> [rest..] [options]\n\nA demo command\n')).toBe(true);
    const listed = [...help.matchAll(/^ +(?:-(\w), )?--([\w-]+)/gm)].map((m) => m[2]);
    expect(listed).toEqual(['root', 'tag', 'limit', 'format', 'quiet', 'help']);
    const sample: Record<string, string[]> = { root: ['--root', 'r'], tag: ['--tag', 't'], limit: ['--limit', '2'], format: ['--format', 'json'], quiet: ['--quiet'], help: ['--help'] };
    for (const option of listed) expect(() => parseWithYargs(spec, ['a', ...sample[option]!])).not.toThrow();
    expect(help).not.toMatch(/--version/);
    expect(() => parseWithYargs(spec, ['a', '--version'])).toThrow("unknown option '--version'");
    expect(help).toMatch(/^ {2}first +The first/m);
    expect(help).toMatch(/^ {2}-q, --quiet +Less +\[boolean\]$/m);
    expect(help).toMatch(/--limit +How many +\[number\] \[default: 10\]/);
    expect(help).toMatch(/--format +Output format\s+\[string\] \[choices: "text", "json"\] \[default: "text"\]/);
    expect(help).toMatch(/--tag +A tag +\[array\]/);
    expect(help).toMatch(/\nExamples:\n {2}memdex demo a +the first only\n\nExit codes: none.\n$/);
  });

  test('in English whatever LANG says (the sentences are those of src/messages)', async () => {
    const saved = process.env.LC_ALL;
    process.env.LC_ALL = 'de_DE.UTF-8';
    try {
      expect(await helpOf(spec)).toMatch(/\nOptions:\n/);
      expect(() => parseWithYargs(spec, ['a', '--limit', 'ten'])).toThrow('--limit ten: expected a number');
    } finally {
      if (saved === undefined) delete process.env.LC_ALL;
      else process.env.LC_ALL = saved;
    }
  });

  test('a group lists its subcommands', async () => {
    const group = { name: 'grp', describe: 'A group', subcommands: [{ name: 'grp one', describe: 'The one' }, { name: 'grp two', describe: 'The two' }] };
    const help = await helpOf(group);
    expect(help).toMatch(/^Usage: memdex grp <command> \[options\]\n\nA group\n\nCommands:\n {2}memdex grp one +The one\n {2}memdex grp two +The two\n/);
    expect(help).toMatch(/Run `memdex grp <command> --help` for the options of each.\n$/);
  });
});
