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
 * The common command line (`memdex when writing mock tests --root DIR`: words and
 * long options of the spec, each once, values not starting with `-`) is split here
 * without parseArgs (simpleArgs): loading node:util's parser costs a per-call
 * command about a millisecond, more than an exact recall's whole lookup. Anything
 * else (short flags, `--`, `-`, unknown or repeated options, a boolean given a
 * value, a value that looks like an option) goes to parseArgs, which decides and
 * words the error. On what it accepts, simpleArgs yields what parseArgs yields
 * (test/cli/command-spec.test.ts compares the two over generated command lines).
 */
import type { parseArgs as ParseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';
import type { CommandSpec, OptionSpec } from '../messages/command-spec.js';
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
  const parsed = simpleArgs(options, argv) ?? fullArgs(spec, argv);
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

/** node:util parseArgs, loaded only for a command line simpleArgs leaves to it. Throws UsageError. */
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
    throw new UsageError(`${(error as Error).message}\n${m.helpHint(spec.name)}`);
  }
}

/**
 * The common command line split without parseArgs (see the top of this file), or
 * undefined when parseArgs must decide. Never repeats an option, so it has no tokens.
 */
export function simpleArgs(options: Readonly<Record<string, OptionSpec>>, argv: readonly string[]): SplitArgs | undefined {
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') return undefined;
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    const option = Object.hasOwn(options, name) ? options[name]! : undefined;
    if (!option || option.multiple || Object.hasOwn(values, name)) return undefined;
    if (option.type === 'boolean') {
      if (equals !== -1) return undefined;
      values[name] = true;
    } else if (equals !== -1) values[name] = arg.slice(equals + 1);
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('-')) return undefined;
      values[name] = value;
      i++;
    }
  }
  return { values, positionals };
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
