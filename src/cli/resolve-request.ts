/**
 * `memdex when|how|resolve <query>...` up to the recall table, shared by the three
 * stages that may answer it in one process (bin/memdex.cjs runs them in turn, each
 * handing the next what it did): exact phrases (recall-exact.ts, dist/recall.cjs),
 * fuzzy matches over the same table (recall-fast.ts, dist/recall-fuzzy.cjs), and the
 * full resolver on the model (resolve-command.ts, the ES module CLI). node:util
 * parseArgs only for an unusual command line (command-spec.ts), no yargs, no remark,
 * no chalk; reads only the index and the decision files.
 */
import { parseCommand } from './command-spec.js';
import { howSpec, resolveSpec, whenSpec } from '../messages/commands.js';
import { UsageError } from '../core/errors.js';
import { resolveMessages as m } from '../messages/resolve.js';
import type { Operator } from '../model/keys.js';
import type { Config } from '../model/config.js';
import { readPayload, readStamps, type Stamps } from '../node/cache-files.js';
import { recoverPendingJournal } from '../node/journal.js';
import { loadConfig } from '../node/load-config.js';
import { resolveRoot } from '../node/project-root.js';
import { readStdin } from '../node/read-stdin.js';
import { workingTreeSource, type TreeSource } from '../node/working-tree.js';
import type { ResolveResult } from '../resolve/resolve.js';
import { answerFromRead, type OpenTable, type TableRead } from './answer-from-read.js';

export type { OpenTable, TableRead } from './answer-from-read.js';

export interface ResolveRequest {
  readonly operator: Operator | undefined;
  readonly queries: readonly string[];
  readonly root: string;
  readonly config: Config;
  readonly source: TreeSource;
  readonly format: 'text' | 'json';
  readonly navigation: boolean;
}

/**
 * What a stage hands to the next when the table cannot answer (a fuzzy query, a
 * miss, a `.Section`): the parsed request and what was read, so nothing is parsed,
 * read or stat-ed twice. (When preparing failed after stdin was read, the handover
 * carries only stdin: the CLI redoes the rest and reports the error.)
 */
export interface RecallHandoff extends TableRead {
  readonly command: string;
  readonly request: Omit<ResolveRequest, 'source'>;
}

/** Arguments, queries (stdin only with `-`), root and config; throws usage errors. */
export function prepareResolve(command: string, operator: Operator | undefined, argv: readonly string[], stdin: () => string = readStdin): ResolveRequest | 'help' {
  const parsed = parseQueries(command, argv);
  if (parsed === 'help') return 'help';
  const { values, positionals } = parsed;
  const format = values.format as 'text' | 'json';
  // stdin is read only when asked for with `-`: a never-closed pipe cannot hang us otherwise.
  const queries: string[] = [];
  for (const arg of queryArguments(positionals)) {
    if (arg === '-') queries.push(...stdin().split(/\r?\n/).filter((line) => line.trim() !== ''));
    else queries.push(arg);
  }
  const root = resolveRoot(values.root as string | undefined, process.cwd(), process.env);
  const { config } = loadConfig(root);
  recoverPendingJournal(root); // an interrupted migration is finished or rolled back first
  return { operator, queries, root, config, source: workingTreeSource(root), format, navigation: values['no-nav'] !== true };
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
 * The common hook call, a trigger on an unchanged tree: answered from the cached
 * recall table, reading only the printed decision files. Otherwise what was read
 * (the stamps, null when the cache is stale or absent; the table; the files), for
 * the next stage.
 */
export function answerFromTable(request: ResolveRequest, open: OpenTable): { results: ResolveResult[] } | TableRead {
  const { root, config, source } = request;
  const stamps = readStamps(root, config, [config.index, ...source.listDecisions(config)]) ?? null;
  const table = stamps ? readPayload(root, 'table', stamps) : undefined;
  return table === undefined ? { stamps } : answerFromRead(request, open, { stamps, table });
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
