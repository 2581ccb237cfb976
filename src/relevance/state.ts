/**
 * `.claude/relevance.json` <-> RelevanceState. Parsing is tolerant of values
 * but honest about it: a value that breaks an invariant (a NaN score, a
 * negative counter, an unknown status) is repaired or dropped and reported as
 * an issue, never passed on. Text that is not JSON at all is `corrupt`: readers
 * degrade to empty, writers refuse to overwrite it (src/app/relevance-store.ts).
 * Serialisation is deterministic: sorted keys, fixed field order, one line per
 * item and per session, final newline.
 */
import { EMPTY_STATE, type ItemRelevance, type PinState, type Reason, type RelevanceState, type SessionRecord, type SessionStatus, type TagScore } from './types.js';
import { itemIdProblem, normalizeTag, tagProblem } from './validate.js';
import { messages } from '../messages/relevance.js';
import { stripBom } from '../model/bom.js';

export const STATE_VERSION = 1;

export type ParsedState =
  | { readonly kind: 'ok'; readonly state: RelevanceState; readonly issues: readonly string[] }
  | { readonly kind: 'corrupt'; readonly problem: string };

type Json = Record<string, unknown>;

export function parseRelevanceState(text: string, maxScore: number): ParsedState {
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch (error) {
    return { kind: 'corrupt', problem: messages.stateNotJson((error as Error).message) };
  }
  if (!isObject(value)) return { kind: 'corrupt', problem: messages.stateNotObject };
  if (value.version !== STATE_VERSION) return { kind: 'corrupt', problem: messages.stateVersion(value.version) };
  const issues: string[] = [];
  const items: Record<string, ItemRelevance> = {};
  for (const [id, raw] of Object.entries(isObject(value.items) ? value.items : {})) {
    const problem = itemIdProblem(id);
    if (problem !== undefined || !isObject(raw)) {
      issues.push(messages.stateDropped(`items.${id}`, problem ?? 'not an object'));
      continue;
    }
    items[id] = parseItem(raw, `items.${id}`, maxScore, issues);
  }
  const sessions: Record<string, SessionRecord> = {};
  for (const [id, raw] of Object.entries(isObject(value.sessions) ? value.sessions : {})) {
    const record = isObject(raw) ? parseSession(raw, `sessions.${id}`, issues) : undefined;
    if (id.trim() === '' || record === undefined) issues.push(messages.stateDropped(`sessions.${id}`, 'not a session record'));
    else sessions[id] = record;
  }
  return { kind: 'ok', state: { version: STATE_VERSION, items, sessions }, issues };
}

function parseItem(raw: Json, at: string, maxScore: number, issues: string[]): ItemRelevance {
  const pinRaw = isObject(raw.pin) ? raw.pin : {};
  const pin: PinState = {
    pinned: pinRaw.pinned === true,
    mode: pinRaw.mode === 'manual' ? 'manual' : 'auto',
  };
  if (raw.pin !== undefined && (typeof pinRaw.pinned !== 'boolean' || (pinRaw.mode !== 'auto' && pinRaw.mode !== 'manual'))) {
    issues.push(messages.stateRepaired(`${at}.pin`, 'expected {pinned: boolean, mode: "auto" | "manual"}'));
  }
  const tags: Record<string, TagScore> = {};
  for (const [tag, row] of Object.entries(isObject(raw.tags) ? raw.tags : {})) {
    const where = `${at}.tags.${tag}`;
    const problem = tagProblem(tag) ?? (normalizeTag(tag) !== tag ? 'not a normalised tag' : undefined);
    if (problem !== undefined || !isObject(row) || typeof row.score !== 'number' || !Number.isFinite(row.score)) {
      issues.push(messages.stateDropped(where, problem ?? 'expected a finite "score"'));
      continue;
    }
    let score = row.score;
    if (Math.abs(score) > maxScore) {
      issues.push(messages.stateRepaired(`${where}.score`, `${score} clamped to ±${maxScore}`));
      score = Math.sign(score) * maxScore;
    }
    tags[tag] = {
      score,
      positive: counter(row.positive, `${where}.positive`, issues),
      negative: counter(row.negative, `${where}.negative`, issues),
      events: counter(row.events, `${where}.events`, issues),
      lastEvaluated: time(row.lastEvaluated) ?? '1970-01-01T00:00:00.000Z',
    };
  }
  const reasons: Reason[] = (Array.isArray(raw.reasons) ? raw.reasons : []).flatMap((r: unknown) =>
    isObject(r) && typeof r.text === 'string' && time(r.at) !== undefined && (r.source === 'evaluator' || r.source === 'feedback')
      ? [{ at: r.at as string, source: r.source, text: r.text }]
      : [],
  );
  const lastEventAt = time(raw.lastEventAt);
  return { pin, events: counter(raw.events, `${at}.events`, issues), ...(lastEventAt ? { lastEventAt } : {}), tags, reasons };
}

const STATUSES: readonly SessionStatus[] = ['open', 'pending', 'processing', 'failed', 'done', 'skipped'];

/** A session record's fields (in `.claude/relevance.json` or a session file), repaired where it can be; undefined when it is not one. */
export function parseSessionRecord(raw: Json, at: string, issues: string[]): SessionRecord | undefined {
  return parseSession(raw, at, issues);
}

function parseSession(raw: Json, at: string, issues: string[]): SessionRecord | undefined {
  const firstSeenAt = time(raw.firstSeenAt);
  const updatedAt = time(raw.updatedAt);
  if (firstSeenAt === undefined || updatedAt === undefined || !STATUSES.includes(raw.status as SessionStatus)) return undefined;
  const status = raw.status as SessionStatus;
  const lease = isObject(raw.lease) && typeof raw.lease.worker === 'string' && time(raw.lease.until) !== undefined
    ? { worker: raw.lease.worker, until: raw.lease.until as string, ids: strings(raw.lease.ids), ...offsets(raw.lease), ...(time(raw.lease.at) !== undefined ? { at: raw.lease.at as string } : {}) }
    : undefined;
  if (status === 'processing' && lease === undefined) {
    issues.push(messages.stateRepaired(`${at}.status`, 'processing without a lease: set back to pending'));
  }
  const endedAt = time(raw.endedAt);
  return {
    shown: [...new Set(strings(raw.shown))].sort(),
    tags: [...new Set(strings(raw.tags))].sort(),
    ...(typeof raw.repo === 'string' ? { repo: raw.repo } : {}),
    ...(typeof raw.transcriptPath === 'string' ? { transcriptPath: raw.transcriptPath } : {}),
    firstSeenAt,
    updatedAt,
    ...(endedAt ? { endedAt } : {}),
    status: status === 'processing' && lease === undefined ? 'pending' : status,
    attempts: counter(raw.attempts, `${at}.attempts`, issues),
    ...(lease && status === 'processing' ? { lease } : {}),
    evaluated: [...new Set(strings(raw.evaluated))].sort(),
    ...(offset(raw.evaluatedTo) !== undefined ? { evaluatedTo: offset(raw.evaluatedTo)! } : {}),
    ...(typeof raw.note === 'string' ? { note: raw.note } : {}),
  };
}

const offset = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);

/** A lease's part, when both ends are byte offsets. */
function offsets(lease: Json): { from?: number; to?: number } {
  const from = offset(lease.from);
  const to = offset(lease.to);
  return from !== undefined && to !== undefined ? { from, to } : {};
}

/** Counters are non-negative safe integers; anything else becomes 0 (fractions are floored), with an issue. */
function counter(value: unknown, at: string, issues: string[]): number {
  if (value === undefined) return 0;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const repaired = typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  issues.push(messages.stateRepaired(at, `${JSON.stringify(value) ?? String(value)} is not a count; read as ${repaired}`));
  return repaired;
}

function time(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deterministic JSON: the same state always gives the same bytes (fixed field order, sorted keys). */
export function serializeRelevanceState(state: RelevanceState): string {
  const items = sortKeys(state.items, (item) => ({
    pin: { pinned: item.pin.pinned, mode: item.pin.mode },
    events: item.events,
    lastEventAt: item.lastEventAt,
    tags: sortKeys(item.tags, (row) => ({
      score: row.score,
      positive: row.positive,
      negative: row.negative,
      events: row.events,
      lastEvaluated: row.lastEvaluated,
    })),
    reasons: item.reasons.map((r) => ({ at: r.at, source: r.source, text: r.text })),
  }));
  const sessions = sortKeys(state.sessions, sessionRecordJson);
  // One line per item and per session: about half the bytes of a fully indented file, still
  // readable, and a change shows up in a diff as the lines of the entries it touched.
  // JSON.stringify leaves out the undefined optional fields.
  const block = (record: Record<string, unknown>): string => {
    const lines = Object.entries(record).map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
    return lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n  }`;
  };
  return `{\n  "version": ${STATE_VERSION},\n  "items": ${block(items)},\n  "sessions": ${block(sessions)}\n}\n`;
}

/** A session record as written, fields in a fixed order (undefined ones are left out by JSON.stringify). */
export function sessionRecordJson(r: SessionRecord): Record<string, unknown> {
  return {
    status: r.status,
    shown: r.shown,
    evaluated: r.evaluated,
    evaluatedTo: r.evaluatedTo,
    tags: r.tags,
    repo: r.repo,
    transcriptPath: r.transcriptPath,
    firstSeenAt: r.firstSeenAt,
    updatedAt: r.updatedAt,
    endedAt: r.endedAt,
    attempts: r.attempts,
    lease: r.lease && { worker: r.lease.worker, until: r.lease.until, ids: r.lease.ids, from: r.lease.from, to: r.lease.to, at: r.lease.at },
    note: r.note,
  };
}

function sortKeys<T, U>(record: Readonly<Record<string, T>>, map: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const key of Object.keys(record).sort()) out[key] = map(record[key]!);
  return out;
}

export { EMPTY_STATE };
