import type { CommandSpec, GroupSpec, Parsed } from './command-spec.js';
import { formatGroupHelp, formatHelp, parseCommand } from './command-spec.js';
import { UsageError } from '../core/errors.js';
import { specMessages as m } from '../messages/commands.js';

/** Parses argv with the command's spec; `--help` prints the help from the same spec. */
export async function runCommand(spec: CommandSpec, argv: readonly string[], handler: (args: Parsed) => Promise<number> | number): Promise<number> {
  const parsed = parseCommand(spec, argv);
  if (parsed === 'help') {
    process.stdout.write(formatHelp(spec));
    return 0;
  }
  return handler(parsed);
}

/** `memdex <group> <sub> ...`: the subcommand's spec and handler; the group's help without one. */
export async function runGroup(
  group: GroupSpec,
  argv: readonly string[],
  handlers: Readonly<Record<string, (args: Parsed) => Promise<number> | number>>,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError(m.noSubcommand(group.name, group.subcommands.map((s) => subName(s.name))));
  if (name === '--help' || name === '-h') {
    process.stdout.write(formatGroupHelp(group));
    return 0;
  }
  const spec = group.subcommands.find((s) => subName(s.name) === name);
  if (!spec) {
    const names = group.subcommands.map((s) => subName(s.name));
    const { didYouMean } = await import('./did-you-mean.js');
    throw new UsageError(m.unknownSubcommand(group.name, name, didYouMean(name, names), names));
  }
  return runCommand(spec, rest, handlers[subName(spec.name)]!);
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
