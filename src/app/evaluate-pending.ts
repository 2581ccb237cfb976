/**
 * `memdex relevance evaluate`: claim a pending session, run the evaluator on
 * it outside the lock, apply its answer in one locked write, repeat. One
 * session per claim, so two evaluators started together share the queue
 * instead of one taking it all; the claim, the lease check and the
 * per-(session, item) `evaluated` set make each session's scores apply at most
 * once however the runs interleave or crash (src/relevance/queue.ts).
 *
 * The evaluator is a function of the input (a configured command,
 * src/node/run-evaluator.ts, or the default on `claude -p`, default-evaluator.ts);
 * its answer goes through the one checker (evaluatorEntries) either way.
 */
import { messages } from '../messages/relevance.js';
import { applyEvaluation, buildEvaluatorInput, claimNextSession, evaluatorEntries, failEvaluation } from '../relevance/evaluation.js';
import type { RelevanceParams } from '../relevance/params.js';
import { DEFAULT_EXCERPT_CHARS } from '../transcript/excerpt.js';
import type { AgentHost } from './host.js';
import type { JsonStateHost } from './json-state.js';
import { updateRelevance } from './relevance-store.js';
import type { Evaluator } from './port-types.js';

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
  /** Called once per session tried. */
  readonly onOutcome?: (outcome: SessionOutcome) => void;
}

export interface EvaluateSummary {
  readonly done: readonly string[];
  readonly failed: readonly string[];
  readonly skipped: readonly string[];
  readonly lost: readonly string[];
}

/** What an evaluation run takes of the machine: the store's lock, this process's id, the transcripts it may read. */
export type EvaluateHost = JsonStateHost & Pick<AgentHost, 'workerId' | 'allowedTranscriptPath' | 'partExcerpt'>;

export async function evaluatePending(host: EvaluateHost, options: EvaluateOptions): Promise<EvaluateSummary> {
  const { storePath, params } = options;
  const worker = host.workerId();
  const tried = new Set<string>();
  const done: string[] = [];
  const failed: string[] = [];
  const skipped: string[] = [];
  const lost: string[] = [];
  while (tried.size < options.limit) {
    const step = updateRelevance(host, storePath, (state) => {
      const claimed = claimNextSession(state, worker, options.now(), params, tried);
      return { state: claimed.state, result: claimed };
    }, { params });
    skipped.push(...step.gaveUp);
    if (step.claimed === undefined) break;
    const { sessionId, record } = step.claimed;
    tried.add(sessionId);
    // Only the client's projects folder or the project: the excerpt is sent to a model.
    const transcript = record.transcriptPath !== undefined ? host.allowedTranscriptPath(record.transcriptPath, options.root) : undefined;
    const excerpt = transcript !== undefined ? host.partExcerpt(transcript, { start: 0 }, options.excerptChars ?? DEFAULT_EXCERPT_CHARS, options.log).text : '';
    const input = buildEvaluatorInput(sessionId, record, options.texts, excerpt);
    const answer = await options.evaluator(input);
    const parsed = answer.ok ? evaluatorEntries(answer.value, record.lease?.ids ?? [], record.tags) : answer;
    if (!parsed.ok) {
      const status = updateRelevance(host, storePath, (state) => {
        const next = failEvaluation(state, sessionId, worker, parsed.problem, params);
        return { state: next, result: next.sessions[sessionId]?.status };
      }, { params });
      options.log(messages.evaluationFailed(sessionId, parsed.problem));
      (status === 'skipped' ? skipped : failed).push(sessionId);
      options.onOutcome?.({ sessionId, result: status === 'skipped' ? 'gave-up' : 'failed', detail: parsed.problem });
      continue;
    }
    for (const warning of parsed.warnings) options.log(`${sessionId}: ${warning}`);
    const applied = updateRelevance(host, storePath, (state) => {
      const result = applyEvaluation(state, sessionId, worker, parsed.entries, options.now(), params);
      return { state: result.state, result };
    }, { params });
    if (!applied.applied) {
      options.log(messages.claimLost(sessionId));
      lost.push(sessionId);
      options.onOutcome?.({ sessionId, result: 'lost', detail: messages.claimLost(sessionId) });
      continue;
    }
    options.log(messages.evaluated(sessionId, parsed.entries.length));
    for (const { id, pin } of applied.pins) options.log(messages.pinNote(id, pin.action, pin.reason));
    done.push(sessionId);
    options.onOutcome?.({ sessionId, result: 'applied', scored: parsed.entries.length, unknownIds: parsed.unknownIds.length });
  }
  return { done, failed, skipped, lost };
}
