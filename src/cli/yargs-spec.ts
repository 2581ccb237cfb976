/**
 * The one adapter from an option spec (command-spec.ts) to yargs: the commands that
 * are not run per call (rules, suggest, compress-key, feedback, migrate, playbook,
 * relevance) and the top level are parsed by yargs configured from their spec, and
 * EVERY `--help`, the per-call commands' too, is rendered by yargs from the spec,
 * so there is one help renderer and it lists exactly what the parsers accept.
 *
 * yargs is told nothing the spec does not say; what it does not check is checked
 * here from the spec: a repeated single-valued option (yargs collects a value into an
 * array, and merges a repeated boolean silently) and a number that is not one (yargs yields NaN, or 0 for ''). Its own failures are
 * reworded by the spec's parser (parseCommand), so a usage error reads the same
 * whichever parser met it, and goes through reportFailure like every error:
 * yargs never prints, never exits, never shows a stack.
 */
import yargs, { type Argv, type Options } from 'yargs';
import type { CommandSpec, GroupSpec, OptionSpec, Parsed } from './command-spec.js';
import { bindPositionals, helpRequested, parseCommand, repeatedOption, unknownOptionError } from './command-spec.js';
import { UsageError } from '../core/errors.js';
import { messages as cliMessages } from '../messages/cli.js';
import { specMessages as m } from '../messages/commands.js';

/** Parses argv with yargs configured from the spec; 'help' when --help/-h was given. Throws UsageError. */
export function parseWithYargs(spec: CommandSpec, argv: readonly string[]): Parsed | 'help' {
  if (helpRequested(argv)) return 'help';
  const repeated = repeatedOption(spec, argv);
  if (repeated !== undefined) throw new UsageError(`${m.repeated(repeated)}\n${m.helpHint(spec.name)}`);
  const parser = commandParser(spec, argv).fail((message, error) => {
    throw error instanceof UsageError ? error : reworded(spec, argv, message);
  });
  const parsed = parser.parseSync() as Record<string, unknown>;
  const values: Record<string, Parsed['values'][string]> = {};
  for (const [name, o] of Object.entries(spec.options ?? {})) values[name] = parsed[name] as Parsed['values'][string];
  return { values, positionals: bindPositionals(spec, ((parsed._ as unknown[] | undefined) ?? []).map(String)) };
}

/** The `--help` of a command or of a group of subcommands. */
export async function helpOf(spec: CommandSpec | GroupSpec): Promise<string> {
  return withNewline(await ('subcommands' in spec ? groupParser(spec) : commandParser(spec, [], true)).getHelp());
}

type Listed = readonly { readonly name: string; readonly describe: string }[];

/**
 * `memdex [--help|--version]` or a command not in the registry (the registry
 * dispatches the known ones before this): 'help', 'version', or a UsageError
 * naming the unknown command with the closest known one.
 */
export function parseTopLevel(commands: Listed, argv: readonly string[], closest: (name: string) => string | undefined): 'help' | 'version' {
  if (argv.length === 0 || argv[0] === 'help' || helpRequested(argv)) return 'help';
  const parsed = topLevelParser(commands, '', argv)
    .fail((message) => {
      const word = argv.find((arg) => !arg.startsWith('-'));
      if (word !== undefined) throw new UsageError(m.unknownCommand(word, closest(word)));
      const option = argv.find((arg) => arg.startsWith('-') && !['--version', '-v'].includes(arg.split('=')[0]!));
      if (option !== undefined) throw unknownOptionError('', option.split('=')[0]!, ['help', 'version']);
      throw new UsageError(`${message ?? ''}\n${cliMessages.usageHint}`);
    })
    .parseSync() as Record<string, unknown>;
  return parsed.version === true ? 'version' : 'help';
}

/** `memdex --help`: every command of the registry, per-call ones included. */
export async function mainHelp(commands: Listed, epilogue: string): Promise<string> {
  return withNewline(await topLevelParser(commands, epilogue, []).getHelp());
}

function topLevelParser(commands: Listed, epilogue: string, argv: readonly string[]): Argv {
  return listing(base(argv, `${m.usage}: memdex <command> [options]`), commands, epilogue)
    .strict() // a word that is not a command fails too
    .option('version', { type: 'boolean', alias: 'v', describe: m.versionOption })
    .help('help', m.helpOption)
    .alias('help', 'h');
}

/**
 * The spec's options, and for the help its positionals too: yargs binds positionals
 * to a command's names by parsing them again, which drops a lone `-` (stdin), so the
 * parser leaves them in `_` and bindPositionals (the spec's) binds them.
 */
function commandParser(spec: CommandSpec, argv: readonly string[], forHelp = false): Argv {
  const positionals = (spec.positionals ?? []).map((p) => (p.required ? `<${p.name}${p.variadic ? '..' : ''}>` : `[${p.name}${p.variadic ? '..' : ''}]`));
  let parser = base(argv, `${m.usage}: memdex ${[spec.name, ...positionals].join(' ')} [options]\n\n${spec.describe}`);
  for (const [name, o] of Object.entries(spec.options ?? {})) parser = parser.option(name, optionOf(spec.name, name, o, forHelp));
  if (forHelp) {
    parser = parser.command(['$0', ...positionals].join(' '), spec.describe, (command) => {
      for (const p of spec.positionals ?? []) command.positional(p.name, { type: 'string', describe: p.describe });
      return command;
    });
  }
  parser = parser.help('help', m.helpOption).alias('help', 'h');
  for (const [command, what] of spec.examples ?? []) parser = parser.example(command, what);
  return spec.notes ? parser.epilogue(spec.notes) : parser;
}

function groupParser(group: GroupSpec): Argv {
  const usage = `${m.usage}: memdex ${group.name} <command> [options]\n\n${group.describe}`;
  return listing(base([], usage), group.subcommands, m.subHelpHint(group.name)).help('help', m.helpOption).alias('help', 'h');
}

/** Commands listed in a help (they run through the registry, not through yargs). */
function listing(parser: Argv, commands: Listed, epilogue: string): Argv {
  let listed = parser;
  for (const c of commands) listed = listed.command(c.name, c.describe);
  return epilogue === '' ? listed : listed.epilogue(epilogue);
}

function base(argv: readonly string[], usage: string): Argv {
  return yargs([...argv])
    .scriptName('memdex')
    .usage(usage)
    .locale('en') // the sentences of src/messages, whatever LANG says
    .version(false)
    .strictOptions() // positionals: bindPositionals
    .exitProcess(false)
    .parserConfiguration({
      'duplicate-arguments-array': true,
      'parse-positional-numbers': false, // `007` stays the text it was
      'boolean-negation': false, // what the help lists and no more: no --no-x, --camelCase or --a.b
      'camel-case-expansion': false,
      'dot-notation': false,
    });
}

/**
 * A number option is parsed as a string and converted here: yargs turns `--limit=`
 * into 0 and `--limit ten` into NaN, losing what was typed; the help still says [number].
 */
function optionOf(command: string, name: string, o: OptionSpec, forHelp: boolean): Options {
  const option: Options = {
    type: o.type === 'number' && !forHelp ? 'string' : o.type,
    describe: o.describe,
    ...(o.short ? { alias: o.short } : {}),
    ...(o.choices ? { choices: [...o.choices] } : {}),
    ...(o.default !== undefined ? { default: o.default } : {}),
    ...(o.required ? { demandOption: true } : {}),
    // array with one value per occurrence, so `--tag a id` leaves `id` a positional
    ...(o.multiple ? { array: true, nargs: 1 } : {}),
    ...(o.type !== 'boolean' ? { requiresArg: true } : {}),
  };
  if (o.multiple || forHelp) return option;
  const usage = (problem: string) => new UsageError(`${problem}\n${m.helpHint(command)}`);
  return {
    ...option,
    coerce: (value: unknown) => {
      if (Array.isArray(value)) throw usage(m.repeated(name));
      if (o.type !== 'number' || typeof value === 'number') return value; // a number is the spec's default
      const number = Number(value);
      if (value === '' || !Number.isFinite(number)) throw usage(m.notANumber(name, String(value)));
      return number;
    },
  };
}

/** A yargs failure in the spec's words: the spec's parser finds the same mistake and names it. */
function reworded(spec: CommandSpec, argv: readonly string[], message: string | undefined): UsageError {
  try {
    parseCommand(spec, argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
  }
  return new UsageError(`${message ?? ''}\n${m.helpHint(spec.name)}`);
}

const withNewline = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);
