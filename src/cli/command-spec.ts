/**
 * One option spec per command drives both its parsing and its `--help`, for every
 * command, so what the help lists is exactly what the parser accepts. yargs parses
 * the commands that are not run per call and renders every help (yargs-spec.ts).
 *
 * The per-call commands (check on every commit, when/how/resolve and hook on every
 * agent action) parse here with node:util parseArgs instead, for start-up speed:
 * loading yargs costs each of those processes more than the whole parse (see
 * README, Speed), so they load it only for `--help`. parseArgs is built in and
 * strict; what it lacks is added here: choices, numbers, required positionals, and
 * a repeated single-valued option as a usage error (`--root a --root b` would
 * otherwise keep the last one silently). yargs-spec.ts also words its usage errors
 * with this parser, so both read the same.
 *
 * (A hand-written splitter for the common command line once ran before parseArgs, to
 * save loading node:util's parser; measured against parseArgs alone it saved nothing,
 * bench/RESULTS.md "Speed mechanisms", and is gone.)
 */
import type { parseArgs as ParseArgs } from 'node:util';
import { UnknownOptionError, UsageError } from '../core/errors.js';
import { messages as cliMessages } from '../messages/cli.js';
import type { CommandSpec } from '../messages/command-spec.js';
import { specMessages as m } from '../messages/commands.js';

export type { CommandSpec, GroupSpec, OptionSpec, PositionalSpec } from '../messages/command-spec.js';

export type Values = Readonly<Record<string, string | boolean | number | readonly string[] | undefined>>;

export interface Parsed {
  readonly values: Values;
  readonly positionals: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** The parsed arguments, or 'help' when --help/-h was given (anywhere). Throws UsageError. */
export function parseCommand(spec: CommandSpec, argv: readonly string[]): Parsed | 'help' {
  const options = spec.options ?? {};
  if (helpRequested(argv)) return 'help';
  const parsed = fullArgs(spec, argv);
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option' || options[token.name]?.multiple) continue;
    if (seen.has(token.name)) throw new UsageError(`${m.repeated(token.name)}\n${m.helpHint(spec.name)}`);
    seen.add(token.name);
  }
  const values: Record<string, string | boolean | number | readonly string[] | undefined> = {};
  for (const [name, o] of Object.entries(options)) {
    const raw = (parsed.values as Record<string, unknown>)[name] as string | boolean | string[] | undefined;
    if (raw === undefined) {
      if (o.required) throw new UsageError(`${m.missingOption(name)}\n${m.helpHint(spec.name)}`);
      values[name] = o.default;
      continue;
    }
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (o.choices && typeof value === 'string' && !o.choices.includes(value)) {
        throw new UsageError(`${m.badChoice(name, value, o.choices)}\n${m.helpHint(spec.name)}`);
      }
    }
    if (o.type === 'number') {
      const number = Number(raw);
      if (raw === '' || !Number.isFinite(number)) throw new UsageError(`${m.notANumber(name, String(raw))}\n${m.helpHint(spec.name)}`);
      values[name] = number;
    } else values[name] = raw;
  }
  return { values, positionals: bindPositionals(spec, parsed.positionals) };
}

/** What parseArgs yields that parseCommand reads (tokens: only to find repeated options). */
interface SplitArgs {
  readonly values: Readonly<Record<string, string | boolean | readonly (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
  readonly tokens?: readonly ({ readonly kind: 'option'; readonly name: string } | { readonly kind: 'positional' | 'option-terminator' })[];
}

/** node:util parseArgs, with --help and the spec's options. Throws UsageError. */
export function fullArgs(spec: CommandSpec, argv: readonly string[]): SplitArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, o] of Object.entries(spec.options ?? {})) {
    options[name] = { type: o.type === 'boolean' ? 'boolean' : 'string', ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  }
  const { parseArgs } = process.getBuiltinModule('node:util') as { parseArgs: typeof ParseArgs };
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    // parseArgs's own sentence for an unknown option has an unbalanced quote and no did-you-mean: ours has both.
    const unknown = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec((error as Error).message)?.[1] : undefined;
    if (unknown !== undefined) throw unknownOptionError(spec.name, unknown, Object.keys(options));
    throw new UsageError(`${(error as Error).message}\n${m.helpHint(spec.name)}`);
  }
}

/**
 * The first single-valued option given more than once before a `--` (`--all --all`,
 * `-q --quiet`), as the spec names it; undefined if none. parseCommand finds it in
 * parseArgs's tokens; yargs (yargs-spec.ts) merges a repeated boolean silently, so it asks here.
 */
export function repeatedOption(spec: CommandSpec, argv: readonly string[]): string | undefined {
  const options = spec.options ?? {};
  const byShort = new Map(Object.entries(options).flatMap(([name, o]) => (o.short ? [[o.short, name] as const] : [])));
  const seen = new Set<string>();
  for (const arg of argv) {
    if (arg === '--') break;
    const name = arg.startsWith('--') ? arg.slice(2).split('=')[0]! : /^-[^-\d]/.test(arg) ? byShort.get(arg[1]!) : undefined;
    if (name === undefined || !Object.hasOwn(options, name) || options[name]!.multiple) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** The usage error for an option the command does not have (`given` as typed); `command` '' at the top level. */
export function unknownOptionError(command: string, given: string, known: readonly string[]): UnknownOptionError {
  const hint = command === '' ? cliMessages.usageHint : m.helpHint(command);
  return new UnknownOptionError(`${m.unknownOption(given, command)}\n${hint}`, given, known, (suggestion) => `${m.unknownOption(given, command, suggestion)}\n${hint}`);
}

/** --help wins over every other mistake on the line (before a `--` that ends the options). */
export function helpRequested(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** Binds positionals to the spec's names in order; the last variadic one takes the rest. */
export function bindPositionals(spec: CommandSpec, given: readonly string[]): Record<string, string | readonly string[] | undefined> {
  const bound: Record<string, string | readonly string[] | undefined> = {};
  let at = 0;
  for (const p of spec.positionals ?? []) {
    if (p.variadic) {
      bound[p.name] = given.slice(at);
      at = given.length;
    } else bound[p.name] = given[at++];
    const value = bound[p.name];
    if (p.required && (value === undefined || (Array.isArray(value) && value.length === 0))) {
      throw new UsageError(`${m.missingPositional(p.name)}\n${m.helpHint(spec.name)}`);
    }
  }
  if (at < given.length) throw new UsageError(`${m.extraArgument(given[at]!)}\n${m.helpHint(spec.name)}`);
  return bound;
}
