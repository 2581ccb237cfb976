/**
 * The session audit record and its evaluation job, as a pure state machine.
 * The store adapter runs each transition inside one lock-protected
 * read-modify-write, which is what makes a claim atomic (the predecessor read
 * pending sessions and processed them without marking ownership, so two
 * evaluator runs applied every session twice, issue #28).
 *
 *            audit (not ended)          audit (ended), or open and silent for staleOpenMs
 *   (none) ------------------> open ------------------------------------------> pending
 *                                                                                  |  claim
 *                                          expired lease, attempts left            v
 *   failed <-- evaluator failed, attempts left -- processing <---------------------+
 *     |  claim                                       |  evaluator answered (even `[]`)
 *     +--------------------------------------------> |------------------------------> done
 *                    last attempt failed or expired   +------------------------------> skipped
 *
 * `done` and `skipped` are terminal for the ids they cover. Scores are applied
 * at most once per (session, item): `evaluated` remembers the ids, and new ids
 * shown later (a resumed session) re-open the record for those ids only.
 *
 * By part (issue 21). The learner evaluates a session a part at a time: a claim may
 * carry the byte range of the transcript it covers (`lease.from`/`lease.to`, from
 * the end of the last evaluated part, `evaluatedTo`, to the end of the file's
 * complete lines), and completing it moves `evaluatedTo` there. A session evaluated
 * by part that ends again (a resume appended to its transcript) is pending again,
 * for every id shown: the model held them through the new part too; at most once
 * per (session, part, item). Whether the session still runs, and whether its
 * transcript grew past `evaluatedTo`, are facts of the machine: the caller passes
 * them (ClaimContext). A session that ended without its end hook (cancelled, killed,
 * crashed) is claimable as soon as it is known not to run, instead of after
 * staleOpenMs of silence.
 */
import type { RelevanceParams } from './params.js';
import type { IsoTime, RelevanceState, SessionRecord, SessionStatus } from './types.js';
import { uniqueTags } from './validate.js';
import { messages } from '../messages/relevance.js';

export interface AuditPatch {
  /** Item ids shown (injection) in this session. Merged with those already recorded. */
  readonly shown?: readonly string[];
  readonly tags?: readonly string[];
  readonly repo?: string;
  readonly transcriptPath?: string;
  readonly at: IsoTime;
  /** From the session-end hook: the session is over and may be evaluated. */
  readonly ended?: boolean;
}

/** What the caller knows of a session beyond its record (absent: it may be running, and nothing new is known). */
export interface ClaimContext {
  /** The session's client is still running it. */
  readonly live: boolean;
  /** Its transcript holds complete lines past `evaluatedTo`. */
  readonly grew: boolean;
}

const UNKNOWN: ClaimContext = { live: true, grew: false };

/** Merges an audit patch into the record: never replaces what is there (unions, newest non-empty values). */
export function mergeAudit(existing: SessionRecord | undefined, patch: AuditPatch): SessionRecord {
  const shown = sortedUnion(existing?.shown ?? [], patch.shown ?? []);
  const tags = sortedUnion(existing?.tags ?? [], uniqueTags(patch.tags ?? []));
  const base: SessionRecord = {
    shown,
    tags,
    ...optional('repo', nonEmpty(patch.repo) ?? existing?.repo),
    ...optional('transcriptPath', nonEmpty(patch.transcriptPath) ?? existing?.transcriptPath),
    firstSeenAt: existing?.firstSeenAt ?? patch.at,
    updatedAt: patch.at,
    ...optional('endedAt', patch.ended ? patch.at : existing?.endedAt),
    status: existing?.status ?? 'open',
    attempts: existing?.attempts ?? 0,
    ...optional('lease', existing?.lease),
    evaluated: existing?.evaluated ?? [],
    ...optional('evaluatedTo', existing?.evaluatedTo),
    ...optional('note', existing?.note),
  };
  if (base.status === 'processing') return base; // the claim holder settles it on completion
  if (base.status === 'failed' && patch.ended) return base; // keeps its attempts
  return settle(base, patch.ended === true);
}

/** The status a non-processing record has from its ids, and whether its session is over. */
function settle(record: SessionRecord, ended: boolean): SessionRecord {
  const remaining = unevaluated(record);
  let status: SessionStatus;
  let note = record.note;
  if (remaining.length > 0) status = ended ? 'pending' : 'open';
  // Evaluated by part and ended again: the part since then waits (nothing new costs no call).
  else if (record.shown.length > 0 && ended && record.evaluatedTo !== undefined) status = 'pending';
  else if (record.shown.length > 0) status = 'done';
  else if (ended) {
    status = 'skipped';
    note = messages.nothingShown;
  } else status = 'open';
  const wasTerminal = record.status === 'done' || record.status === 'skipped';
  const restarted = wasTerminal && (status === 'pending' || status === 'open');
  const { lease: _lease, note: _note, ...rest } = record;
  return {
    ...rest,
    status,
    attempts: restarted ? 0 : record.attempts,
    ...optional('note', restarted ? undefined : note),
  };
}

export function unevaluated(record: SessionRecord): string[] {
  const done = new Set(record.evaluated);
  return record.shown.filter((id) => !done.has(id));
}

/** Whether a worker may claim this record now. */
export function isClaimable(record: SessionRecord, now: IsoTime, p: RelevanceParams, context: ClaimContext = UNKNOWN): boolean {
  if (record.shown.length === 0) return false;
  const byPart = record.evaluatedTo !== undefined;
  if (unevaluated(record).length === 0 && !byPart) return false;
  switch (record.status) {
    case 'pending':
    case 'failed':
      return record.attempts < p.maxAttempts;
    case 'processing':
      return record.lease !== undefined && ms(record.lease.until) <= ms(now);
    case 'open':
      return (!context.live || ms(now) - ms(record.updatedAt) >= p.staleOpenMs) && record.attempts < p.maxAttempts && (unevaluated(record).length > 0 || context.grew);
    case 'done':
    case 'skipped':
      // A part written after the last evaluation by a session that ended without its end hook.
      return byPart && context.grew && !context.live;
  }
}

/** Oldest first (by end, else last activity), then by id: deterministic and starvation-free. */
export function claimOrder(a: readonly [string, SessionRecord], b: readonly [string, SessionRecord]): number {
  const ta = a[1].endedAt ?? a[1].updatedAt;
  const tb = b[1].endedAt ?? b[1].updatedAt;
  return ms(ta) - ms(tb) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

export type ClaimResult =
  | { readonly kind: 'claimed'; readonly record: SessionRecord }
  /** An expired claim that used its last attempt: terminal. */
  | { readonly kind: 'gave-up'; readonly record: SessionRecord };

/**
 * Takes the record under a lease for `worker`; the caller checked isClaimable. With
 * `part` (bytes [from, to) of the transcript), a session evaluated by part before is
 * evaluated again for every shown id, on that part only.
 */
export function claim(record: SessionRecord, worker: string, now: IsoTime, p: RelevanceParams, part?: { readonly from: number; readonly to: number }): ClaimResult {
  if (record.status === 'processing' && record.attempts >= p.maxAttempts) {
    return { kind: 'gave-up', record: giveUp(record, messages.leaseExpired) };
  }
  const until = new Date(ms(now) + p.leaseMs).toISOString();
  const ids = part !== undefined && record.evaluatedTo !== undefined ? record.shown : unevaluated(record);
  const attempts = record.status === 'done' || record.status === 'skipped' ? 1 : record.attempts + 1;
  return {
    kind: 'claimed',
    record: { ...record, status: 'processing', attempts, lease: { worker, until, ids, ...(part !== undefined ? { from: part.from, to: part.to, at: now } : {}) } },
  };
}

export function holdsLease(record: SessionRecord | undefined, worker: string): record is SessionRecord {
  return record !== undefined && record.status === 'processing' && record.lease?.worker === worker;
}

/** The claimed ids were evaluated (their scores applied by the caller in the same write). */
export function complete(record: SessionRecord): SessionRecord {
  const evaluated = sortedUnion(record.evaluated, record.lease?.ids ?? []);
  const { lease: _lease, note: _note, ...rest } = record;
  const to = record.lease?.to;
  const next: SessionRecord = { ...rest, evaluated, ...(to !== undefined ? { evaluatedTo: to } : {}), status: 'done' };
  // By part, and the session ended again while this part was evaluated (a resume that was short): what it wrote
  // after `to` waits, as if it had ended after the completion (nothing new there: the next claim settles it unsent).
  const endedSince = to !== undefined && record.lease?.at !== undefined && record.endedAt !== undefined && ms(record.endedAt) > ms(record.lease.at);
  if (unevaluated(next).length === 0) return endedSince ? { ...next, status: 'pending', attempts: 0 } : next;
  // Items shown while the evaluator ran: they wait for their own evaluation.
  return { ...next, status: isEnded(record) ? 'pending' : 'open', attempts: 0 };
}

/** The evaluator failed: retry later, or give up after the last attempt. */
export function fail(record: SessionRecord, problem: string, p: RelevanceParams): SessionRecord {
  if (record.attempts >= p.maxAttempts) return giveUp(record, problem);
  const { lease: _lease, ...rest } = record;
  return { ...rest, status: 'failed', note: problem };
}

function giveUp(record: SessionRecord, problem: string): SessionRecord {
  const { lease: _lease, ...rest } = record;
  return { ...rest, status: 'skipped', note: messages.gaveUp(record.attempts, problem) };
}

/** Ended by the session-end hook, with nothing shown since. */
function isEnded(record: SessionRecord): boolean {
  return record.endedAt !== undefined && ms(record.endedAt) >= ms(record.updatedAt);
}

function ms(time: IsoTime): number {
  return Date.parse(time);
}

function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** `{key: value}` when value is defined, else `{}`: keeps absent keys absent (exactOptionalPropertyTypes-friendly). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

/**
 * `updatedAt` marks activity, for `staleOpenMs` (hours). Refreshing it more
 * often than this would rewrite the store on every prompt for nothing.
 */
export const ACTIVITY_RESOLUTION_MS = 60 * 60_000;

/**
 * True when merging `patch` into a running session's record would change
 * nothing but a recent `updatedAt`: the injection hook then skips the write,
 * and the lock, on every prompt that shows what was already shown.
 */
export function auditAddsNothing(record: SessionRecord | undefined, patch: AuditPatch): boolean {
  if (record === undefined || record.status !== 'open' || patch.ended) return false;
  const shown = new Set(record.shown);
  const tags = new Set(record.tags);
  return (
    (patch.shown ?? []).every((id) => shown.has(id)) &&
    uniqueTags(patch.tags ?? []).every((tag) => tags.has(tag)) &&
    (nonEmpty(patch.repo) === undefined || patch.repo === record.repo) &&
    (nonEmpty(patch.transcriptPath) === undefined || patch.transcriptPath === record.transcriptPath) &&
    ms(patch.at) - ms(record.updatedAt) < ACTIVITY_RESOLUTION_MS
  );
}

/** The audit step on the whole state: merge the patch into the session's record (the same state when nothing changes). */
export function recordAudit(state: RelevanceState, sessionId: string, patch: AuditPatch): RelevanceState {
  const record = state.sessions[sessionId];
  if (auditAddsNothing(record, patch)) return state;
  return { ...state, sessions: { ...state.sessions, [sessionId]: mergeAudit(record, patch) } };
}
