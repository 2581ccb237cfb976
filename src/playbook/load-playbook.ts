/**
 * Reads playbook.json text into a canonical Playbook, migrating the legacy entry
 * forms (design 000, branches 0-3), or reports why it cannot. It never degrades a
 * bad file to an empty playbook: the systems we replace did, and their next save
 * wiped the user's playbook. Readers may choose to inject nothing; writers refuse.
 *
 * Entry forms, in the order they are recognised:
 *   "text"                                  bare string         -> counters 0/0
 *   {helpful, harmful, score?}              canonical           -> kept; a residual score is dropped
 *   {helpful} or {harmful} (one of them)    partial counters    -> the missing one is 0; score dropped
 *   {score}                                 legacy score        -> helpful max(score,0), harmful max(-score,0)
 *   {name?, text}                           no counters         -> 0/0
 * Anything else (numbers, null, non-integer or negative counters, empty text) is a
 * problem, reported with its JSON pointer.
 */
import { messages } from '../messages/playbook.js';
import { nestsTooDeep, parseJsonTree } from '../model/json-tree.js';
import { assignNames, type NameRequest } from './assign-names.js';
import { isCounter, isKeyPointText, pendingProblem, PLAYBOOK_VERSION, readPending, readSource, sourceProblem } from './schema.js';
import type { KeyPoint, KeyPointSource, PendingReview, Playbook, Problem } from './types.js';
import { describeJson as describe } from '../messages/describe-json.js';
import { stripBom } from '../model/bom.js';

export type MigrationSource =
  | 'bare_string'
  | 'dict_no_score'
  | 'dict_with_score'
  | 'residual_score'
  | 'partial_counters'
  | 'missing_name'
  | 'duplicate_name';

/** One entry that was not in canonical form (OBS-SCORE-001). */
export interface Migration {
  readonly name: string;
  readonly from: MigrationSource;
  /** The legacy `score`, for `dict_with_score` and `residual_score`. */
  readonly originalScore?: unknown;
  /** The name the file gave it, for `duplicate_name`. */
  readonly previousName?: string;
}

export type LoadResult =
  | { readonly ok: true; readonly playbook: Playbook; readonly migrations: readonly Migration[] }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/** What load gives for a file that does not exist. */
export function emptyPlaybook(): Playbook {
  return { version: PLAYBOOK_VERSION, lastUpdated: null, nameCounter: 0, keyPoints: [], extra: {} };
}

/**
 * Parses playbook.json text (a BOM and CRLF line ends are fine). JSON.parse is the
 * fast path; only a file it rejects is parsed again with positions, for the message.
 */
export function loadPlaybook(text: string): LoadResult {
  return fromJsonText(text, playbookFromValue);
}

/** The value of a JSON text read by `fromValue`, or the syntax problem when the text is no JSON (the playbook, an extraction). */
export function fromJsonText<T>(text: string, fromValue: (value: unknown) => T): T | { readonly ok: false; readonly problems: readonly Problem[] } {
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch {
    return { ok: false, problems: [syntaxProblem(text)] };
  }
  if (nestsTooDeep(text)) return { ok: false, problems: [syntaxProblem(text)] }; // the reading of the value would overflow the stack
  return fromValue(value);
}

/** A syntax error with its offset and a message that says what was expected. */
function syntaxProblem(text: string): Problem {
  const tree = parseJsonTree(text);
  if (tree.ok) throw new Error('syntaxProblem: the text parses');
  return { pointer: '', offset: tree.error.offset, message: messages.invalidJson(tree.error.message) };
}

const ENTRY_KEYS = new Set(['name', 'text', 'helpful', 'harmful', 'score', 'source', 'pending']);
const TOP_LEVEL_KEYS = new Set(['version', 'last_updated', 'name_counter', 'key_points']);

export function playbookFromValue(value: unknown): LoadResult {
  const problems: Problem[] = [];
  if (!isRecord(value)) return { ok: false, problems: [{ pointer: '', message: messages.rootNotObject(describe(value)) }] };

  const version = 'version' in value ? value.version : PLAYBOOK_VERSION;
  if (version !== PLAYBOOK_VERSION) problems.push({ pointer: '/version', message: messages.unsupportedVersion(describe(version)) });
  const fileCounter = value.name_counter;
  if ('name_counter' in value && !isCounter(fileCounter)) {
    problems.push({ pointer: '/name_counter', message: messages.notCounter('name_counter', describe(fileCounter)) });
  }
  const items = 'key_points' in value ? value.key_points : [];
  if (!Array.isArray(items)) problems.push({ pointer: '/key_points', message: messages.keyPointsNotArray(describe(items)) });

  const drafts: Draft[] = [];
  if (Array.isArray(items)) items.forEach((item, i) => {
    const draft = readEntry(item, `/key_points/${i}`, problems);
    if (draft) drafts.push(draft);
  });
  if (problems.length > 0) return { ok: false, problems };

  const named = assignNames(drafts, isCounter(fileCounter) ? fileCounter : undefined);
  const migrations: Migration[] = [];
  const keyPoints = drafts.map((draft, i): KeyPoint => {
    const { name, renamedFrom } = named.names[i]!;
    const from = draft.from ?? (renamedFrom !== undefined ? 'duplicate_name' : draft.name === undefined ? 'missing_name' : undefined);
    if (from) {
      migrations.push({
        name,
        from,
        ...('originalScore' in draft ? { originalScore: draft.originalScore } : {}),
        ...(renamedFrom !== undefined ? { previousName: renamedFrom } : {}),
      });
    }
    return { name, text: draft.text, helpful: draft.helpful, harmful: draft.harmful, ...(draft.source ? { source: draft.source } : {}), ...(draft.pending ? { pending: draft.pending } : {}), extra: draft.extra };
  });
  return {
    ok: true,
    playbook: {
      version: PLAYBOOK_VERSION,
      lastUpdated: typeof value.last_updated === 'string' ? value.last_updated : null,
      nameCounter: named.counter,
      keyPoints,
      extra: pick(value, (key) => !TOP_LEVEL_KEYS.has(key)),
    },
    migrations,
  };
}

interface Draft extends NameRequest {
  readonly text: string;
  readonly source?: KeyPointSource;
  readonly pending?: PendingReview;
  readonly helpful: number;
  readonly harmful: number;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly from?: MigrationSource;
  readonly originalScore?: unknown;
}

function readEntry(item: unknown, pointer: string, problems: Problem[]): Draft | undefined {
  if (typeof item === 'string') {
    if (isKeyPointText(item)) return { text: item, helpful: 0, harmful: 0, extra: {}, from: 'bare_string' };
    problems.push({ pointer, message: messages.emptyText() });
    return undefined;
  }
  if (!isRecord(item)) {
    problems.push({ pointer, message: messages.entryNotObject(describe(item)) });
    return undefined;
  }
  const before = problems.length;
  const name = item.name;
  if (name !== undefined && !(typeof name === 'string' && name.trim() !== '')) {
    problems.push({ pointer: `${pointer}/name`, message: messages.badName(describe(name)) });
  }
  if (!isKeyPointText(item.text)) {
    problems.push({ pointer: `${pointer}/text`, message: item.text === undefined ? messages.missingText() : messages.badText(describe(item.text)) });
  }
  for (const key of ['helpful', 'harmful'] as const) {
    if (key in item && !isCounter(item[key])) problems.push({ pointer: `${pointer}/${key}`, message: messages.notCounter(key, describe(item[key])) });
  }
  const hasHelpful = 'helpful' in item;
  const hasHarmful = 'harmful' in item;
  const hasScore = 'score' in item;
  // A score beside counters is ignored (canonical fields win), so only a lone score must be usable.
  if (hasScore && !hasHelpful && !hasHarmful && !Number.isSafeInteger(item.score)) {
    problems.push({ pointer: `${pointer}/score`, message: messages.badScore(describe(item.score)) });
  }
  const sourceIssue = 'source' in item ? sourceProblem(item.source) : undefined;
  if (sourceIssue !== undefined) problems.push({ pointer: `${pointer}/source`, message: sourceIssue });
  const pendingIssue = 'pending' in item ? pendingProblem(item.pending) : undefined;
  if (pendingIssue !== undefined) problems.push({ pointer: `${pointer}/pending`, message: pendingIssue });
  const source = 'source' in item ? readSource(item.source) : undefined;
  const pending = 'pending' in item ? readPending(item.pending) : undefined;
  if (problems.length > before) return undefined;

  const base = {
    ...(typeof name === 'string' ? { name } : {}),
    text: item.text as string,
    ...(source ? { source } : {}),
    ...(pending ? { pending } : {}),
    extra: pick(item, (key) => !ENTRY_KEYS.has(key)),
  };
  if (hasHelpful && hasHarmful) {
    return { ...base, helpful: item.helpful as number, harmful: item.harmful as number, ...(hasScore ? { from: 'residual_score', originalScore: item.score } : {}) };
  }
  if (hasHelpful || hasHarmful) {
    return { ...base, helpful: (item.helpful as number | undefined) ?? 0, harmful: (item.harmful as number | undefined) ?? 0, from: 'partial_counters' };
  }
  if (hasScore) {
    const score = item.score as number;
    return { ...base, helpful: Math.max(score, 0), harmful: Math.max(-score, 0), from: 'dict_with_score', originalScore: score };
  }
  return { ...base, helpful: 0, harmful: 0, from: 'dict_no_score' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pick(record: Record<string, unknown>, keep: (key: string) => boolean): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (keep(key)) Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** A short description of a JSON value for messages (shared with the config checks). */
export { describe };
