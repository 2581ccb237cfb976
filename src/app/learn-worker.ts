/**
 * The learning run the session-start hook starts in the background (issue 12):
 * at SessionStart, work queued by earlier sessions is done, without the hook
 * waiting for any of it.
 *
 * 1. The hook step (startLearning) looks, without locking, for queued work it can
 *    do: sessions the evaluator may claim now (relevance queue, queue.ts
 *    isClaimable) when an evaluator is available, and extractions that failed and
 *    were given back (transcript-parts.ts) when an extractor is available. Only
 *    then does it start `memdex hook learn-worker <root>` detached, and return.
 * 2. The worker (runLearningWorker) takes the project's learning lock without
 *    waiting: at most one runner per project; a second one exits at once. It
 *    retries up to `learn.sessionsPerRun` failed extractions, then evaluates up to
 *    `learn.sessionsPerRun` sessions through the claim/lease queue. Every failure is
 *    one hook-log line and one outcome record; a failed session stays queued for
 *    the next run until the retry limit (relevance maxAttempts).
 */
import { learnMessages } from '../messages/learn.js';
import type { Config } from '../model/config.js';
import { isClaimable } from '../relevance/queue.js';
import { chooseEvaluator, hasEvaluator } from './default-evaluator.js';
import { chooseExtractor, extractorTimeoutMs, runExtractionWorker } from './extract-playbook.js';
import type { Host } from './host.js';
import { LEARNING_WORKER, type HookContext } from './hook-step.js';
import { runEvaluations } from './relevance.js';
import { tryLearningLock } from './learning-lock.js';
import { projectRelevanceParams, readRelevance, relevanceStorePath, relevanceContext } from './relevance-store.js';
import { pendingRetries } from './transcript-parts.js';

const WORKER_EVENT = 'session-start (background)';

/** The session-start step: start the background run when there is queued work it can do. */
export function startLearning(context: HookContext): void {
  const { host, root, config } = context;
  if (hasQueuedWork(host, root, config)) host.startHookWorker(root, [LEARNING_WORKER, root]);
}

function hasQueuedWork(host: Host, root: string, config: Config): boolean {
  if (pendingRetries(host, root).length > 0 && chooseExtractor(host, config) !== undefined) return true;
  const params = projectRelevanceParams(config);
  const store = readRelevance(host, relevanceStorePath(host, root, config), params);
  const now = host.now();
  return Object.values(store.state.sessions).some((record) => isClaimable(record, now, params)) && hasEvaluator(host, config);
}

/** `memdex hook learn-worker <root>`: one learning run; one hook-log line per failure, one summary line. */
export async function runLearningWorker(host: Host, root: string): Promise<void> {
  const log = (message: string) => host.hookLog(root, WORKER_EVENT, message);
  if (host.env.MEMDEX_HOOKS === '0') return;
  try {
    const release = tryLearningLock(host, root);
    if (release === undefined) {
      log(learnMessages.runnerBusy);
      return;
    }
    try {
      const ctx = relevanceContext(host, root);
      const perRun = ctx.config.learn.sessionsPerRun;
      let retried = 0;
      for (const retry of pendingRetries(host, root).slice(0, perRun)) {
        await runExtractionWorker(host, { event: 'session-start', root, sessionId: retry.sessionId, transcriptPath: retry.transcriptPath });
        retried++;
      }
      const chosen = chooseEvaluator(host, root, ctx.config, extractorTimeoutMs(host.env));
      const summary = chosen === undefined ? undefined : await runEvaluations(host, ctx, chosen, perRun, log);
      const evaluated = summary?.done.length ?? 0;
      const failed = (summary?.failed.length ?? 0) + (summary?.skipped.length ?? 0);
      if (retried + evaluated + failed > 0) log(learnMessages.runnerDone(retried, evaluated, failed));
    } finally {
      release();
    }
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
  }
}
