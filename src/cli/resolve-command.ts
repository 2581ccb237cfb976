/**
 * `memdex when|how|resolve <query>...`: a FAST command (one process per hook call):
 * node:util parseArgs, no yargs, no remark unless a document needs it, no chalk.
 * Reads only the index and the decision files.
 */
import { parseCommand } from './command-spec.js';
import { printHelp } from './run-command.js';
import type { Handover } from './registry.js';
import { howSpec, resolveSpec, whenSpec } from '../messages/commands.js';
import { UsageError } from '../core/errors.js';
import { resolveMessages as m } from '../messages/resolve.js';
import type { Operator } from '../model/keys.js';
import type { Config } from '../model/config.js';
import { readPayload, readStamps, type Stamps } from '../node/cache-files.js';
import { recoverPendingJournal } from '../node/journal.js';
import { loadConfig } from '../node/load-config.js';
import { resolveRoot } from '../node/project-root.js';
import { settleForShortRun } from '../node/short-run.js';
import { readStdin } from '../node/read-stdin.js';
import { readTreeText } from '../node/read-confined.js';
import { workingTreeSource, type TreeSource } from '../node/working-tree.js';
import { writeStderr, writeStdout } from '../node/write-output.js';
import { openRecallTable } from '../resolve/recall-lookup.js';
import { renderSection, sectionJson } from '../resolve/render.js';
import type { ResolveResult } from '../resolve/resolve.js';
import type { Suggestion } from '../suggest/rank.js';

/** Per missed trigger (its query text): the entries the topic ranker finds for its words. */
export type RelatedEntries = ReadonlyMap<string, readonly Suggestion[]>;

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
 * What the recall fast path (recall-fast.ts) hands to the full CLI when the table
 * cannot answer: the parsed request and the cache stamps it validated (null: stale
 * or absent), so nothing is parsed, read or stat-ed twice. (When preparing failed
 * after stdin was read, the handover carries only stdin: the CLI redoes the rest
 * and reports the error.)
 */
export interface RecallHandoff {
  readonly command: string;
  readonly request: Omit<ResolveRequest, 'source'>;
  readonly stamps: Stamps | null;
}

export async function runResolve(command: string, operator: Operator | undefined, argv: readonly string[], handover: Handover = {}): Promise<number> {
  const recall = handover.recall?.command === command ? handover.recall : undefined;
  let request: ResolveRequest;
  let stamps: Stamps | null;
  if (recall) {
    request = { ...recall.request, source: workingTreeSource(recall.request.root) };
    stamps = recall.stamps;
  } else {
    const prepared = prepareResolve(command, operator, argv, handover.stdin !== undefined ? () => handover.stdin! : readStdin);
    if (prepared === 'help') return printHelp(specOf(command));
    request = prepared;
    const answer = answerFromTable(request);
    if ('results' in answer) return writeResults(answer.results, request);
    stamps = answer.stamps;
  }
  // The model, the fuzzy engine and the full resolver load only when the table cannot answer.
  const { fromModel, relatedEntries } = await import('./resolve-model.js');
  const results = await fromModel(request, stamps);
  return writeResults(results, request, await relatedEntries(request, results));
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

function specOf(command: string) {
  return command === 'when' ? whenSpec : command === 'how' ? howSpec : resolveSpec;
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
 * Prints the results (stdout) and the failures (stderr); the exit code. Text: the
 * sections, identical ones once. JSON: one object per query, in order, with its
 * status (found | ambiguous | not-found | error | skipped for `null`), so results
 * can be matched to queries; failures are also said on stderr.
 */
export function writeResults(results: readonly ResolveResult[], request: ResolveRequest, related: RelatedEntries = new Map()): number {
  const { navigation } = request;
  const texts: string[] = [];
  const json: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let failed = false;
  for (const result of results) {
    if (result.kind === 'null') {
      json.push({ query: result.query, status: 'skipped' });
      continue;
    }
    if (result.kind !== 'found') {
      failed = true;
      const about = isTriggerMiss(result) ? (related.get(result.query) ?? []) : undefined;
      const message = failureMessage(result, request.config.decisions, about);
      writeStderr(`memdex: ${message}\n`);
      json.push({ ...failureJson(result, message), ...(about !== undefined ? { related: about } : {}) });
      continue;
    }
    json.push({ query: result.query, status: 'found', section: sectionJson(result.section, { navigation }) });
    const text = renderSection(result.section, { navigation });
    if (seen.has(text)) continue;
    seen.add(text);
    texts.push(text);
  }
  if (request.format === 'json') writeStdout(`${JSON.stringify(json, null, 2)}\n`);
  else if (texts.length > 0) writeStdout(`${texts.join('\n---\n')}\n`);
  return failed ? 1 : 0;
}

function failureJson(result: Exclude<ResolveResult, { kind: 'found' | 'null' }>, message: string): Record<string, unknown> {
  switch (result.kind) {
    case 'ambiguous':
      return { query: result.query, status: 'ambiguous', choices: result.choices, message };
    case 'not-found':
      return { query: result.query, status: 'not-found', choices: result.suggestions, message };
    case 'invalid':
      return { query: result.query, status: 'error', message };
  }
}

/**
 * The common hook call, an exact trigger on an unchanged tree: answered from the
 * cached recall table, reading only the printed decision files. Otherwise the
 * stamps it validated (null: the cache is stale or absent), for the full resolver.
 */
export function answerFromTable({ root, config, source, queries, operator }: ResolveRequest): { results: ResolveResult[] } | { stamps: Stamps | null } {
  const stamps = readStamps(root, config, [config.index, ...source.listDecisions(config)]) ?? null;
  const text = stamps ? readPayload(root, 'table', stamps) : undefined;
  if (!stamps || text === undefined) return { stamps };
  const table = openRecallTable(text, undefined, queries.length === 1 ? settleForShortRun : undefined);
  // Only stamped memory files are read: a path in a cache never reaches outside them.
  const stamped = new Set(stamps.files.map((f) => f.path));
  const files = new Map<string, string>();
  const read = (path: string) => {
    if (!stamped.has(path)) throw new ForeignPath();
    return files.get(path) ?? files.set(path, readTreeText(root, config.decisions, path)).get(path)!;
  };
  const results: ResolveResult[] = [];
  try {
    for (const query of queries) {
      const result = table.resolve(query, operator, read);
      if (!result || isTriggerMiss(result)) return { stamps }; // a miss lists related entries: the full resolver's
      results.push(result);
    }
  } catch (error) {
    if (error instanceof ForeignPath) return { stamps: null }; // a table that does not fit its stamps: rebuild
    throw error;
  }
  return { results };
}

class ForeignPath extends Error {}

/** A trigger no entry matches: besides the fuzzy choices, it lists the entries about its words (resolve-model.ts). */
export function isTriggerMiss(result: ResolveResult): result is Extract<ResolveResult, { kind: 'not-found' }> {
  return result.kind === 'not-found' && result.mode === 'trigger';
}

function failureMessage(result: Exclude<ResolveResult, { kind: 'found' | 'null' }>, folder: string, related: readonly Suggestion[] = []): string {
  switch (result.kind) {
    case 'invalid':
      return result.reason === 'empty' ? m.emptyQuery(result.query) : m.unsafeFile(result.query, folder);
    case 'ambiguous':
      return result.mode === 'section' ? m.ambiguousSection(result.query, result.choices) : m.ambiguousTrigger(result.query, result.choices);
    case 'not-found':
      if (result.mode === 'section') return m.noSection(result.query, result.suggestions);
      if (result.mode === 'file') return m.noFile(result.query, folder, result.suggestions);
      return m.noTrigger(result.query, result.suggestions, related.map((r) => r.label));
  }
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
