/**
 * Runs a command from its spec. runCommand is the per-call commands' (parseArgs,
 * command-spec.ts); runYargsCommand and runGroup are the others' (yargs,
 * yargs-spec.ts, loaded on first use so a per-call command never loads yargs).
 */
import type { CommandSpec, GroupSpec, Parsed } from './command-spec.js';
import { helpRequested, parseCommand } from './command-spec.js';
import { UsageError } from '../core/errors.js';
import { specMessages as m } from '../messages/commands.js';

type Handler = (args: Parsed) => Promise<number> | number;

/** Parses argv with node:util parseArgs from the spec (per-call commands); `--help` prints the help. */
export async function runCommand(spec: CommandSpec, argv: readonly string[], handler: Handler): Promise<number> {
  const parsed = parseCommand(spec, argv);
  return parsed === 'help' ? printHelp(spec) : handler(parsed);
}

/** Parses argv with yargs configured from the spec (commands not run per call). */
export async function runYargsCommand(spec: CommandSpec, argv: readonly string[], handler: Handler): Promise<number> {
  const parsed = (await import('./yargs-spec.js')).parseWithYargs(spec, argv);
  return parsed === 'help' ? printHelp(spec) : handler(parsed);
}

/** The help of a command or group, rendered by yargs from its spec. */
export async function printHelp(spec: CommandSpec | GroupSpec): Promise<number> {
  process.stdout.write(await (await import('./yargs-spec.js')).helpOf(spec));
  return 0;
}

/**
 * The spec whose help a command's `main` prints for argv, known from the spec alone: runCommand and runYargsCommand
 * print it when --help/-h is anywhere before `--`, runGroup when it is the group's first word or anywhere after a
 * subcommand's name. undefined when the command must run (its mistakes are reported by it, in its order). So
 * `memdex <command> --help` prints without loading the command's module (main.ts): `init --help` loaded 1.3 MB.
 */
export function helpOfArgs(spec: CommandSpec | GroupSpec, argv: readonly string[]): CommandSpec | GroupSpec | undefined {
  if (!('subcommands' in spec)) return helpRequested(argv) ? spec : undefined;
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') return spec;
  const sub = spec.subcommands.find((s) => subName(s.name) === name);
  return sub !== undefined && helpRequested(rest) ? sub : undefined;
}

/** `memdex <group> <sub> ...`: the subcommand's spec and handler; the group's help without one. */
export async function runGroup(group: GroupSpec, argv: readonly string[], handlers: Readonly<Record<string, Handler>>): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError(m.noSubcommand(group.name, group.subcommands.map((s) => subName(s.name))));
  if (name === '--help' || name === '-h') return printHelp(group);
  const spec = group.subcommands.find((s) => subName(s.name) === name);
  if (!spec) {
    const names = group.subcommands.map((s) => subName(s.name));
    const { closestName } = await import('../fuzzy/did-you-mean.js');
    throw new UsageError(m.unknownSubcommand(group.name, name, closestName(name, names), names));
  }
  return runYargsCommand(spec, rest, handlers[subName(spec.name)]!);
}

function subName(name: string): string {
  return name.slice(name.indexOf(' ') + 1);
}

/** Values of a parsed command, typed at the point of use. */
export const str = (args: Parsed, name: string): string | undefined => args.values[name] as string | undefined;
export const bool = (args: Parsed, name: string): boolean => args.values[name] === true;
export const num = (args: Parsed, name: string): number => args.values[name] as number;
export const strings = (args: Parsed, name: string): readonly string[] => (args.values[name] as readonly string[] | undefined) ?? [];
export const positional = (args: Parsed, name: string): string => args.positionals[name] as string;
export const rest = (args: Parsed, name: string): readonly string[] => (args.positionals[name] as readonly string[] | undefined) ?? [];
