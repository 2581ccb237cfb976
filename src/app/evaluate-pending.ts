/**
 * `memdex relevance evaluate` and the learning run: claim a session whose part is
 * due, run the evaluator on that part outside every lock, apply its answer, repeat.
 * One session per claim, so two evaluators started together share the queue instead
 * of one taking it all.
 *
 * The queue is the sessions' record files (session-records.ts), each claimed under
 * its own lock (src/relevance/queue.ts: claim, lease, complete, fail). A claim fixes
 * the part: the bytes of the transcript from the end of the last evaluated part
 * (`evaluatedTo`) to the end of its complete lines now. A session evaluated by part
 * whose part is empty (ended again with nothing new) is completed without calling
 * the evaluator. A session whose client no longer runs it is claimable even when its
 * end hook never ran (ClaimContext: the client's list of running sessions, else how
 * long its transcript has been quiet).
 *
 * Applying touches two files: the session's record and the store's scores. Under the
 * session's lock, while this worker still holds the lease, the record is completed
 * first and the scores applied second; if the second write fails, the record is put
 * back as it was. So a part's scores apply at most once however runs interleave,
 * retry or expire; a process killed between the two writes loses that part's scores
 * rather than applying them twice.
 *
 * The evaluator is a function of the input (a configured command,
 * src/app/command-evaluator.ts, or the default on `claude -p`, default-evaluator.ts);
 * its answer goes through the one checker (evaluatorEntries) either way.
 */
import { messages } from '../messages/relevance.js';
import { applyScores, buildEvaluatorInput, evaluatorEntries, type EvaluatorEntry } from '../relevance/evaluation.js';
import type { RelevanceParams } from '../relevance/params.js';
import { claim, claimOrder, complete, fail, holdsLease, isClaimable, type ClaimContext } from '../relevance/queue.js';
import type { SessionRecord } from '../relevance/types.js';
import { DEFAULT_EXCERPT_CHARS } from '../transcript/excerpt.js';
import type { AgentHost } from './host.js';
import { partExcerpt } from './part-excerpt.js';
import type { Evaluator } from './port-types.js';
import { updateRelevance } from './relevance-store.js';
import { listSessionRecords, moveLegacySessions, updateSessionRecord, withSessionRecord, type SessionRecordsHost } from './session-records.js';

/** How an evaluation of one session ended, for the caller's record (learning-outcomes.ts). */
export interface SessionOutcome {
  readonly sessionId: string;
  readonly result: 'applied' | 'failed' | 'gave-up' | 'lost';
  readonly detail?: string;
  readonly scored?: number;
  readonly unknownIds?: number;
}

export interface EvaluateOptions {
  readonly storePath: string;
  readonly root: string;
  readonly evaluator: Evaluator;
  readonly params: RelevanceParams;
  /** Item id → text, for the evaluator's input. */
  readonly texts: ReadonlyMap<string, string>;
  /** Stop after this many sessions. */
  readonly limit: number;
  /** Characters of transcript in the evaluator's input (default DEFAULT_EXCERPT_CHARS). */
  readonly excerptChars?: number;
  readonly now: () => string;
  readonly log: (line: string) => void;
  /** What is known of a session beyond its record (running? transcript grown?); default: it may run, nothing new. */
  readonly context?: (sessionId: string, record: SessionRecord) => ClaimContext;
  /** Called once per session tried. */
  readonly onOutcome?: (outcome: SessionOutcome) => void;
}

export interface EvaluateSummary {
  readonly done: readonly string[];
  readonly failed: readonly string[];
  readonly skipped: readonly string[];
  readonly lost: readonly string[];
  /** Sessions whose part held nothing new: completed without calling the evaluator. */
  readonly unchanged: readonly string[];
}

/** What an evaluation run takes of the machine: the session files and the store (their locks), this process's id, the transcripts it may read. */
export type EvaluateHost = SessionRecordsHost & Pick<AgentHost, 'workerId' | 'allowedTranscriptPath' | 'readTranscriptPart' | 'completeLinesEnd'>;

interface Claimed {
  readonly sessionId: string;
  readonly record: SessionRecord;
  readonly transcript: string | undefined;
}

export async function evaluatePending(host: EvaluateHost, options: EvaluateOptions): Promise<EvaluateSummary> {
  const { root, storePath, params } = options;
  moveLegacySessions(host, root, storePath, params);
  const worker = host.workerId();
  const tried = new Set<string>();
  const summary = { done: [] as string[], failed: [] as string[], skipped: [] as string[], lost: [] as string[], unchanged: [] as string[] };
  while (tried.size < options.limit) {
    const claimed = claimNext(host, options, worker, tried, summary.skipped);
    if (claimed === undefined) break;
    const { sessionId, record, transcript } = claimed;
    tried.add(sessionId);
    const lease = record.lease!;
    if (record.evaluatedTo !== undefined && lease.to !== undefined && lease.to <= (lease.from ?? 0)) {
      // Ended again with nothing new since the last evaluation: settled without a call.
      updateSessionRecord(host, root, sessionId, (current) => (holdsLease(current, worker) ? { record: complete(current), result: undefined } : { result: undefined }));
      summary.unchanged.push(sessionId);
      continue;
    }
    const excerpt = transcript !== undefined ? partExcerpt(host, transcript, { start: lease.from ?? 0, end: lease.to }, options.excerptChars ?? DEFAULT_EXCERPT_CHARS, options.log).text : '';
    const input = buildEvaluatorInput(sessionId, record, options.texts, excerpt);
    const answer = await options.evaluator(input);
    const parsed = answer.ok ? evaluatorEntries(answer.value, lease.ids, record.tags) : answer;
    if (!parsed.ok) {
      const status = updateSessionRecord(host, root, sessionId, (current) => {
        if (!holdsLease(current, worker)) return { result: undefined };
        const next = fail(current, parsed.problem, params);
        return { record: next, result: next.status };
      });
      options.log(messages.evaluationFailed(sessionId, parsed.problem));
      (status === 'skipped' ? summary.skipped : summary.failed).push(sessionId);
      options.onOutcome?.({ sessionId, result: status === 'skipped' ? 'gave-up' : 'failed', detail: parsed.problem });
      continue;
    }
    for (const warning of parsed.warnings) options.log(`${sessionId}: ${warning}`);
    const applied = applyPart(host, options, worker, sessionId, parsed.entries);
    if (applied === undefined) {
      options.log(messages.claimLost(sessionId));
      summary.lost.push(sessionId);
      options.onOutcome?.({ sessionId, result: 'lost', detail: messages.claimLost(sessionId) });
      continue;
    }
    options.log(messages.evaluated(sessionId, parsed.entries.length));
    for (const { id, pin } of applied) options.log(messages.pinNote(id, pin.action, pin.reason));
    summary.done.push(sessionId);
    options.onOutcome?.({ sessionId, result: 'applied', scored: parsed.entries.length, unknownIds: parsed.unknownIds.length });
  }
  return summary;
}

/** Claims the oldest claimable session not tried yet, with its part fixed; undefined when none is left. */
function claimNext(host: EvaluateHost, options: EvaluateOptions, worker: string, tried: ReadonlySet<string>, gaveUp: string[]): Claimed | undefined {
  const { root, params } = options;
  const now = options.now();
  const listed = listSessionRecords(host, root);
  for (const problem of listed.problems) options.log(problem);
  const context = (id: string, record: SessionRecord) => options.context?.(id, record);
  const candidates = listed.sessions
    .filter(({ sessionId, record }) => !tried.has(sessionId) && isClaimable(record, now, params, context(sessionId, record)))
    .map(({ sessionId, record }) => [sessionId, record] as const)
    .sort(claimOrder);
  for (const [sessionId, seen] of candidates) {
    // Only the client's projects folder or the project: the excerpt is sent to a model.
    const transcript = seen.transcriptPath !== undefined ? host.allowedTranscriptPath(seen.transcriptPath, root) : undefined;
    const to = transcript !== undefined ? host.completeLinesEnd(transcript) : 0;
    const outcome = updateSessionRecord(host, root, sessionId, (record) => {
      if (record === undefined || !isClaimable(record, now, params, context(sessionId, record))) return { result: undefined };
      const result = claim(record, worker, now, params, { from: record.evaluatedTo ?? 0, to });
      return { record: result.record, result };
    });
    if (outcome === undefined) continue;
    if (outcome.kind === 'gave-up') {
      gaveUp.push(sessionId);
      continue;
    }
    return { sessionId, record: outcome.record, transcript };
  }
  return undefined;
}

/** The answer applied: the session's record completed, then the scores; the pins they caused, or undefined when the claim was lost. */
function applyPart(host: EvaluateHost, options: EvaluateOptions, worker: string, sessionId: string, entries: readonly EvaluatorEntry[]) {
  return withSessionRecord(host, options.root, sessionId, (record, write) => {
    if (!holdsLease(record, worker)) return undefined;
    write(complete(record));
    try {
      return updateRelevance(
        host,
        options.storePath,
        (state) => {
          const scored = applyScores(state, entries, new Set(record.lease?.ids ?? []), options.now(), options.params);
          return { state: scored.state, result: scored.pins };
        },
        { params: options.params },
      );
    } catch (error) {
      write(record); // the scores were not applied: the part stays claimed, and is retried when the lease runs out
      throw error;
    }
  });
}
