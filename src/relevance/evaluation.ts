/**
 * One evaluator run over the session queue, as pure steps the store adapter
 * runs under its lock: claim the next session, build the evaluator's stdin,
 * check its stdout, then apply the scores and settle the job in one write.
 *
 * Evaluator contract. stdin is one JSON object (EvaluatorInput). stdout is a
 * JSON array, optionally inside a ```json fence:
 *
 *     [{"id": "kpt_001", "tag_scores": {"typescript": 0.9, "react": -0.5}, "reason": "..."}]
 *
 * Ratings are finite numbers in [-1, 1]. `[]` means "no signal": the session is
 * done and nothing is scored (a success, not a failure). Ids that were not
 * sent, and tags outside the session's environment, are dropped with a
 * warning; a malformed answer fails the attempt and changes no score.
 */
import type { RelevanceParams } from './params.js';
import { applyEvent } from './scoring.js';
import { claim, claimOrder, complete, fail, holdsLease, isClaimable } from './queue.js';
import type { IsoTime, RelevanceState, SessionRecord } from './types.js';
import { describeValue, validateRatings } from './validate.js';
import type { PinDecision } from './pin.js';
import { messages } from '../messages/relevance.js';

export interface EvaluatorInput {
  readonly session_id: string;
  /** Item ids to rate: the shown ids not evaluated yet. */
  readonly shown: readonly string[];
  /** Their texts, when the playbook still has them. */
  readonly items: readonly { readonly id: string; readonly text: string }[];
  readonly tags: readonly string[];
  readonly repo: string | null;
  readonly transcript_path: string | null;
  /** The end of the conversation, user and assistant text only (transcript.ts). */
  readonly transcript_excerpt: string;
  /** What to answer, for evaluators that forward the input to a language model. */
  readonly instructions: string;
}

export interface EvaluatorEntry {
  readonly id: string;
  readonly ratings: ReadonlyMap<string, number>;
  readonly reason?: string;
}

export type ParsedOutput =
  | {
      readonly ok: true;
      readonly entries: readonly EvaluatorEntry[];
      readonly warnings: readonly string[];
      /** Ids the answer rated that were not sent: ignored. */
      readonly unknownIds: readonly string[];
    }
  | { readonly ok: false; readonly problem: string };

export interface Claimed {
  readonly sessionId: string;
  readonly record: SessionRecord;
}

export interface ClaimStep {
  readonly state: RelevanceState;
  readonly claimed?: Claimed;
  /** Sessions whose expired claim used the last attempt, now skipped. */
  readonly gaveUp: readonly string[];
}

/** Claims the oldest claimable session not in `exclude` (sessions this run already tried). */
export function claimNextSession(
  state: RelevanceState,
  worker: string,
  now: IsoTime,
  p: RelevanceParams,
  exclude: ReadonlySet<string> = new Set(),
): ClaimStep {
  const sessions: Record<string, SessionRecord> = { ...state.sessions };
  const gaveUp: string[] = [];
  const candidates = Object.entries(state.sessions)
    .filter(([id, record]) => !exclude.has(id) && isClaimable(record, now, p))
    .sort(claimOrder);
  for (const [sessionId, record] of candidates) {
    const result = claim(record, worker, now, p);
    sessions[sessionId] = result.record;
    if (result.kind === 'claimed') return { state: { ...state, sessions }, claimed: { sessionId, record: result.record }, gaveUp };
    gaveUp.push(sessionId);
  }
  return { state: gaveUp.length > 0 ? { ...state, sessions } : state, gaveUp };
}

export const EVALUATOR_INSTRUCTIONS =
  'For each item in `shown`, rate how relevant it was in this session for each tag in `tags`, from -1 (wrong or harmful here) ' +
  'through 0 (no signal) to 1 (essential here). Answer with JSON only: ' +
  '[{"id": "<item id>", "tag_scores": {"<tag>": <rating>, ...}, "reason": "<one sentence>"}]. Answer [] when there is no signal.';

export function buildEvaluatorInput(
  sessionId: string,
  claimed: SessionRecord,
  texts: ReadonlyMap<string, string>,
  transcriptExcerpt: string,
): EvaluatorInput {
  const shown = claimed.lease?.ids ?? [];
  return {
    session_id: sessionId,
    shown,
    items: shown.flatMap((id) => {
      const text = texts.get(id);
      return text === undefined ? [] : [{ id, text }];
    }),
    tags: claimed.tags,
    repo: claimed.repo ?? null,
    transcript_path: claimed.transcriptPath ?? null,
    transcript_excerpt: transcriptExcerpt,
    instructions: EVALUATOR_INSTRUCTIONS,
  };
}

/** Checks the evaluator's stdout against the ids it was sent and the session's tags. */
export function parseEvaluatorOutput(stdout: string, sentIds: readonly string[], sessionTags: readonly string[]): ParsedOutput {
  const parsed = parseEvaluatorJson(stdout);
  return parsed.ok ? evaluatorEntries(parsed.value, sentIds, sessionTags) : parsed;
}

/** An evaluator's answer before the check (evaluatorEntries): the parsed value, or why there is none. */
export type EvaluatorAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/** An evaluator command's stdout as JSON (inside a ```json fence, if there is one). */
export function parseEvaluatorJson(stdout: string): EvaluatorAnswer {
  try {
    return { ok: true, value: JSON.parse(jsonPart(stdout)) };
  } catch (error) {
    return { ok: false, problem: messages.evaluatorNotJson((error as Error).message, stdout) };
  }
}

/**
 * The one check of every evaluator's answer (a command's stdout, the default
 * evaluator's structured reply): an array of `{id, tag_scores, reason?}`. Ids not
 * sent are ignored and counted, tags outside the session's dropped; anything
 * malformed fails the whole answer.
 */
export function evaluatorEntries(value: unknown, sentIds: readonly string[], sessionTags: readonly string[]): ParsedOutput {
  if (!Array.isArray(value)) return { ok: false, problem: messages.evaluatorNotArray(describeValue(value)) };
  const sent = new Set(sentIds);
  const tags = new Set(sessionTags);
  const seen = new Set<string>();
  const entries: EvaluatorEntry[] = [];
  const warnings: string[] = [];
  const unknownIds: string[] = [];
  for (const [index, element] of value.entries()) {
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      return { ok: false, problem: messages.evaluatorEntry(index, `expected an object, got ${describeValue(element)}`) };
    }
    const { id, tag_scores: tagScores, reason } = element as Record<string, unknown>;
    if (typeof id !== 'string') return { ok: false, problem: messages.evaluatorEntry(index, `"id" must be a string, got ${describeValue(id)}`) };
    if (reason !== undefined && typeof reason !== 'string') {
      return { ok: false, problem: messages.evaluatorEntry(index, `"reason" must be a string, got ${describeValue(reason)}`) };
    }
    if (seen.has(id)) return { ok: false, problem: messages.evaluatorEntry(index, `id ${id} is rated twice`) };
    seen.add(id);
    const ratings = validateRatings(tagScores);
    if (!ratings.ok) return { ok: false, problem: messages.evaluatorEntry(index, `${id}: ${ratings.problems.join('; ')}`) };
    if (!sent.has(id)) {
      warnings.push(messages.evaluatorUnknownId(id));
      unknownIds.push(id);
      continue;
    }
    const kept = new Map([...ratings.ratings].filter(([tag]) => tags.has(tag)));
    const dropped = [...ratings.ratings.keys()].filter((tag) => !tags.has(tag));
    if (dropped.length > 0) warnings.push(messages.evaluatorForeignTags(id, dropped));
    if (kept.size === 0) continue;
    entries.push({ id, ratings: kept, ...(typeof reason === 'string' && reason.trim() !== '' ? { reason } : {}) });
  }
  return { ok: true, entries, warnings, unknownIds };
}

/** The JSON inside the first ``` fence, else the text itself. */
function jsonPart(stdout: string): string {
  const fence = /```(?:json)?[ \t]*\r?\n([\s\S]*?)```/.exec(stdout);
  return (fence?.[1] ?? stdout).trim();
}

export interface AppliedEvaluation {
  readonly state: RelevanceState;
  /** False when the claim was lost (lease expired and taken over): nothing was applied. */
  readonly applied: boolean;
  readonly pins: readonly { readonly id: string; readonly pin: PinDecision }[];
}

/**
 * Applies a session's scores and marks it done, in one step, only while
 * `worker` still holds the claim, and only for ids not evaluated before:
 * together these make a session's scores apply at most once.
 */
export function applyEvaluation(
  state: RelevanceState,
  sessionId: string,
  worker: string,
  entries: readonly EvaluatorEntry[],
  now: IsoTime,
  p: RelevanceParams,
): AppliedEvaluation {
  const record = state.sessions[sessionId];
  if (!holdsLease(record, worker)) return { state, applied: false, pins: [] };
  const allowed = new Set(record.lease?.ids ?? []);
  for (const id of record.evaluated) allowed.delete(id);
  const scored = applyScores(state, entries, allowed, now, p);
  return { state: { ...scored.state, sessions: { ...state.sessions, [sessionId]: complete(record) } }, applied: true, pins: scored.pins };
}

/**
 * The scores of one evaluation, for the ids in `allowed` only (each once): the items
 * of the store updated, and the pin decisions they caused. The caller settles the
 * session's record (complete) under its own lock.
 */
export function applyScores(state: RelevanceState, entries: readonly EvaluatorEntry[], allowed: ReadonlySet<string>, now: IsoTime, p: RelevanceParams): { readonly state: RelevanceState; readonly pins: readonly { readonly id: string; readonly pin: PinDecision }[] } {
  const remaining = new Set(allowed);
  const items = { ...state.items };
  const pins: { id: string; pin: PinDecision }[] = [];
  for (const entry of entries) {
    if (!remaining.has(entry.id)) continue;
    remaining.delete(entry.id);
    const outcome = applyEvent(items[entry.id], { ratings: entry.ratings, source: 'evaluator', at: now, ...(entry.reason !== undefined ? { reason: entry.reason } : {}) }, p);
    items[entry.id] = outcome.item;
    if (outcome.pin.action !== 'keep') pins.push({ id: entry.id, pin: outcome.pin });
  }
  return { state: { ...state, items }, pins };
}

/** Records a failed attempt, if `worker` still holds the claim. */
export function failEvaluation(state: RelevanceState, sessionId: string, worker: string, problem: string, p: RelevanceParams): RelevanceState {
  const record = state.sessions[sessionId];
  if (!holdsLease(record, worker)) return state;
  return { ...state, sessions: { ...state.sessions, [sessionId]: fail(record, problem, p) } };
}
