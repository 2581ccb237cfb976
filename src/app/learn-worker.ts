/**
 * The learning run: what the session-start hook starts in the background, and what
 * `memdex learn --catch-up` runs in the foreground (from cron or CI). Every session of
 * the project is learned from, part by part, once: those whose end hook ran and those
 * whose end hook never did (catch-up.ts).
 *
 * 1. The hook step (startLearning) starts `memdex hook learn-worker <root> <session>`
 *    detached when a learner is available (a configured command, or `claude` on the
 *    PATH), and returns: it reads no store and lists no folder, so the session's start
 *    does not slow down with the project's history. Whether there is work is the run's
 *    to find out; a run with nothing to do calls nothing and writes no log line.
 * 2. The run (runLearning) takes the project's learning lock without waiting: at most
 *    one per project; a second one stops at once. Within `learn.sessionsPerRun`
 *    extractions (the failed ones given back first, then parts no extraction read,
 *    oldest first) and as many evaluations (parts of sessions that ended, or stopped
 *    running, since their last evaluation); then it appends to the usage log what
 *    the newest `learn.sessionsPerRun` sessions recalled for which prompt (usage.ts),
 *    and compacts the session records. Every failure is one hook-log line and one
 *    outcome record; a failed part stays queued for the next run until the retry
 *    limit (relevance maxAttempts).
 */
import { UsageError } from '../core/errors.js';
import { learnMessages } from '../messages/learn.js';
import type { Config } from '../model/config.js';
import { compactSessionRecords } from './compact-sessions.js';
import { claimContext, liveness, sessionsToExtract, type CatchUpHost } from './catch-up.js';
import { approveCommands, unapprovedNotice, type ApprovalResult } from './command-approval.js';
import { chooseEvaluator, hasEvaluator } from './default-evaluator.js';
import { chooseExtractor, extractorTimeoutMs, runExtractionWorker } from './extract-playbook.js';
import type { Host, TranscriptHost } from './host.js';
import { LEARNING_WORKER, type HookContext } from './hook-step.js';
import { tryLearningLock } from './learning-lock.js';
import { runEvaluations } from './relevance.js';
import { projectContext } from './project-context.js';
import { relevanceContext } from './relevance-store.js';
import { pendingRetries } from './transcript-parts.js';
import { collectUsage } from './usage.js';

const WORKER_EVENT = 'session-start (background)';

/** What a learning run reads and writes: the project, the client's sessions, the usage log. */
export type LearningHost = CatchUpHost & TranscriptHost;

/** The session-start step: start the background run when some learner can run. */
export function startLearning(context: HookContext): void {
  const { host, root, config, payload } = context;
  const notice = unapprovedNotice(host, root, config);
  if (notice !== undefined) context.log(notice);
  if (!learnerAvailable(host, root, config)) return;
  host.startHookWorker(root, [LEARNING_WORKER, root, ...(payload.sessionId !== undefined ? [payload.sessionId] : [])]);
}

function learnerAvailable(host: Host, root: string, config: Config): boolean {
  return chooseExtractor(host, root, config) !== undefined || hasEvaluator(host, root, config);
}

export interface LearningRun {
  /** Another run held the project's learning lock: this one did nothing. */
  readonly busy: boolean;
  readonly extracted: number;
  readonly extractFailed: number;
  readonly evaluated: number;
  readonly evaluateFailed: number;
  /** Sessions that ended again with nothing new since their last evaluation. */
  readonly unchanged: number;
}

const IDLE: LearningRun = { busy: false, extracted: 0, extractFailed: 0, evaluated: 0, evaluateFailed: 0, unchanged: 0 };

/**
 * One learning run over the project (the essay above). `current`: the session whose
 * start launched it (it runs: nothing of it is learned now). Failures go to `log`.
 */
export async function runLearning(host: LearningHost, root: string, log: (line: string) => void, current?: string, event = 'session-start'): Promise<LearningRun> {
  const release = tryLearningLock(host, root);
  if (release === undefined) return { ...IDLE, busy: true };
  try {
    const ctx = relevanceContext(host, root);
    const perRun = ctx.config.learn.sessionsPerRun;
    const running = liveness(host, current);
    let extracted = 0;
    let extractFailed = 0;
    if (chooseExtractor(host, root, ctx.config) !== undefined) {
      const retries = pendingRetries(host, root).slice(0, perRun);
      const fresh = sessionsToExtract(host, root, ctx.config, running, perRun - retries.length).filter((s) => !retries.some((r) => r.sessionId === s.sessionId));
      for (const { sessionId, transcriptPath } of [...retries, ...fresh]) {
        const outcome = await runExtractionWorker(host, { event, root, sessionId, transcriptPath });
        if (outcome === 'applied') extracted++;
        if (outcome === 'failed') extractFailed++;
      }
    }
    const chosen = chooseEvaluator(host, root, ctx.config, extractorTimeoutMs(host.env));
    const summary = chosen === undefined ? undefined : await runEvaluations(host, ctx, chosen, perRun, log, claimContext(host, root, running));
    // The usage log (issue 22): what the newest sessions recalled for which prompt; a failure is logged, never fatal.
    try {
      await collectUsage(host, root, ctx.config, perRun);
    } catch (error) {
      log(error instanceof Error ? error.message : String(error));
    }
    compactSessionRecords(host, root, ctx.params, log);
    return {
      busy: false,
      extracted,
      extractFailed,
      evaluated: summary?.done.length ?? 0,
      evaluateFailed: (summary?.failed.length ?? 0) + (summary?.skipped.length ?? 0),
      unchanged: summary?.unchanged.length ?? 0,
    };
  } finally {
    release();
  }
}

/** `memdex learn --catch-up`: one learning run in the foreground; a usage error when no learner can run. */
export async function catchUp(host: LearningHost, explicitRoot: string | undefined, log: (line: string) => void): Promise<LearningRun> {
  const { root, config } = projectContext(host, explicitRoot);
  if (!learnerAvailable(host, root, config)) throw new UsageError(learnMessages.noLearner);
  return runLearning(host, root, log, undefined, 'learn --catch-up');
}

/** `memdex hook learn-worker <root> [<session>]`: one learning run; one hook-log line per failure, one summary line when it did something. */
export async function runLearningWorker(host: LearningHost, root: string, current?: string): Promise<void> {
  const log = (message: string) => host.hookLog(root, WORKER_EVENT, message);
  if (host.env.MEMDEX_HOOKS === '0') return;
  try {
    const run = await runLearning(host, root, log, current);
    if (run.busy) log(learnMessages.runnerBusy);
    else if (run.extracted + run.extractFailed + run.evaluated + run.evaluateFailed > 0) log(learnMessages.runnerDone(run));
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
  }
}

/** `memdex learn approve`: the repository's configured commands approved for this user (command-approval.ts). */
export function approveLearning(host: Host, explicitRoot: string | undefined): ApprovalResult {
  const { root, config } = projectContext(host, explicitRoot);
  return approveCommands(host, root, config);
}
