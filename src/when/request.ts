/**
 * `memdex when|how|resolve <query>...`: the command line, as every stage reads it.
 * node:util parseArgs only for an unusual command line (cli/command-spec.ts), no
 * yargs; the root and config are the use case's (app/when.ts prepareWhen).
 */
import { parseCommand } from '../cli/command-spec.js';
import { howSpec, resolveSpec, whenSpec } from '../messages/commands.js';
import { UsageError } from '../core/errors.js';
import { resolveMessages as m } from '../messages/resolve.js';
import type { Operator } from '../model/keys.js';
import type { WhenHost } from '../app/host.js';
import { prepareWhen, type WhenRequest } from '../app/when.js';

/** Arguments, queries (stdin only with `-`), root and config; throws usage errors. */
export function prepareResolve(host: WhenHost, command: string, argv: readonly string[]): WhenRequest | 'help' {
  const parsed = parseQueries(command, argv);
  if (parsed === 'help') return 'help';
  const { values, positionals } = parsed;
  // stdin is read only when asked for with `-`: a never-closed pipe cannot hang us otherwise.
  const queries: string[] = [];
  for (const arg of queryArguments(positionals)) {
    if (arg === '-') queries.push(...host.stdin().split(/\r?\n/).filter((line) => line.trim() !== ''));
    else queries.push(arg);
  }
  return prepareWhen(host, {
    operator: operatorOf(command),
    queries,
    root: values.root as string | undefined,
    format: values.format as 'text' | 'json',
    navigation: values['no-nav'] !== true,
  });
}

export function specOf(command: string) {
  return command === 'when' ? whenSpec : command === 'how' ? howSpec : resolveSpec;
}

export function operatorOf(command: string): Operator | undefined {
  return command === 'when' ? 'when' : command === 'how' ? 'how' : undefined;
}

/** The command's spec parses (and --help documents) the options; a missing query gets an example. */
function parseQueries(command: string, argv: readonly string[]) {
  const spec = specOf(command);
  const parsed = parseCommand({ ...spec, positionals: [{ ...spec.positionals![0]!, required: false }] }, argv);
  if (parsed === 'help') return 'help';
  const positionals = parsed.positionals.query as readonly string[];
  if (positionals.length === 0) throw new UsageError(m.noQuery(command));
  return { values: parsed.values, positionals };
}

/**
 * Agents write `memdex when writing mock tests` unquoted as often as quoted. When no
 * argument holds a space, the words are one query; otherwise each argument is a query.
 */
export function queryArguments(positionals: readonly string[]): string[] {
  const words = positionals.filter((a) => a !== '-');
  if (words.length > 1 && words.every((a) => !/\s/.test(a.trim()))) {
    return [words.join(' '), ...positionals.filter((a) => a === '-')];
  }
  return [...positionals];
}
