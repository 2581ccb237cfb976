/**
 * `memdex relevance evaluate`: claim a pending session, run the evaluator on
 * it outside the lock, apply its answer in one locked write, repeat. One
 * session per claim, so two evaluators started together share the queue
 * instead of one taking it all; the claim, the lease check and the
 * per-(session, item) `evaluated` set make each session's scores apply at most
 * once however the runs interleave or crash (src/relevance/queue.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { messages } from '../messages/relevance.js';
import { applyEvaluation, buildEvaluatorInput, claimNextSession, failEvaluation, parseEvaluatorOutput } from '../relevance/evaluation.js';
import type { RelevanceParams } from '../relevance/params.js';
import { messages as transcriptMessages } from '../messages/transcript.js';
import { DEFAULT_EXCERPT_CHARS, TranscriptExcerpt } from '../relevance/transcript.js';
import { updateRelevance } from './relevance-store.js';
import { runEvaluator } from './run-evaluator.js';
import { readTranscriptFile } from './transcript-file.js';

export interface EvaluateOptions {
  readonly storePath: string;
  readonly root: string;
  readonly command: string;
  readonly params: RelevanceParams;
  /** Item id → text, for the evaluator's input. */
  readonly texts: ReadonlyMap<string, string>;
  /** Stop after this many sessions. */
  readonly limit: number;
  readonly timeoutMs?: number;
  readonly now: () => string;
  readonly log: (line: string) => void;
}

export interface EvaluateSummary {
  readonly done: readonly string[];
  readonly failed: readonly string[];
  readonly skipped: readonly string[];
  readonly lost: readonly string[];
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function evaluatePending(options: EvaluateOptions): EvaluateSummary {
  const { storePath, params } = options;
  const worker = newWorkerId();
  const tried = new Set<string>();
  const done: string[] = [];
  const failed: string[] = [];
  const skipped: string[] = [];
  const lost: string[] = [];
  while (tried.size < options.limit) {
    const step = updateRelevance(storePath, (state) => {
      const claimed = claimNextSession(state, worker, options.now(), params, tried);
      return { state: claimed.state, result: claimed };
    }, { params });
    skipped.push(...step.gaveUp);
    if (step.claimed === undefined) break;
    const { sessionId, record } = step.claimed;
    tried.add(sessionId);
    const excerpt = record.transcriptPath !== undefined ? transcriptExcerptOf(resolve(options.root, record.transcriptPath), options.log) : '';
    const input = buildEvaluatorInput(sessionId, record, options.texts, excerpt);
    const run = runEvaluator(options.command, input, options.root, options.timeoutMs);
    const parsed = run.ok ? parseEvaluatorOutput(run.stdout, record.lease?.ids ?? [], record.tags) : run;
    if (!parsed.ok) {
      const status = updateRelevance(storePath, (state) => {
        const next = failEvaluation(state, sessionId, worker, parsed.problem, params);
        return { state: next, result: next.sessions[sessionId]?.status };
      }, { params });
      options.log(messages.evaluationFailed(sessionId, parsed.problem));
      (status === 'skipped' ? skipped : failed).push(sessionId);
      continue;
    }
    for (const warning of parsed.warnings) options.log(`${sessionId}: ${warning}`);
    const applied = updateRelevance(storePath, (state) => {
      const result = applyEvaluation(state, sessionId, worker, parsed.entries, options.now(), params);
      return { state: result.state, result };
    }, { params });
    if (!applied.applied) {
      options.log(messages.claimLost(sessionId));
      lost.push(sessionId);
      continue;
    }
    options.log(messages.evaluated(sessionId, parsed.entries.length));
    for (const { id, pin } of applied.pins) options.log(messages.pinNote(id, pin.action, pin.reason));
    done.push(sessionId);
  }
  return { done, failed, skipped, lost };
}

/** The session's excerpt, streamed from its transcript; empty when the file cannot be read (the evaluator still rates the tags). */
function transcriptExcerptOf(path: string, log: (line: string) => void): string {
  const excerpt = new TranscriptExcerpt(DEFAULT_EXCERPT_CHARS);
  try {
    const summary = readTranscriptFile(path, {}, (event) => excerpt.add(event));
    const skipped = transcriptMessages.skipped(path, summary.malformed, summary.problems[0], summary.unknownTypes);
    if (skipped !== undefined) log(skipped);
  } catch {
    return '';
  }
  return excerpt.text();
}
