/** `memdex relevance <subcommand>`: tag-relevance scores, pins and the evaluation queue (docs/relevance.md). */
import { MemdexError, UsageError } from '../core/errors.js';
import { messages } from '../messages/relevance.js';
import { compactState } from '../relevance/compact.js';
import { setPinByHand, type ManualPinAction } from '../relevance/manual-pin.js';
import { NEW_ITEM, type SessionRecord } from '../relevance/types.js';
import type { ClaimContext } from '../relevance/queue.js';
import { itemIdProblem } from '../relevance/validate.js';
import type { Host } from './host.js';
import { detectEnvironment } from './detect-environment.js';
import { relevanceInjection } from './injection.js';
import { knownItem } from './known-item.js';
import { chooseEvaluator, type ChosenEvaluator } from './default-evaluator.js';
import { unapprovedCommands } from './command-approval.js';
import { recordLearningOutcome } from './learning-outcomes.js';
import { compactSessionRecords } from './compact-sessions.js';
import { moveLegacySessions } from './session-records.js';
import { relevanceSessionEnd } from './session-audit.js';
import { evaluatePending } from './evaluate-pending.js';
import { readPlaybookKeyPoints } from './playbook-key-points.js';
import { readRelevance, updateRelevance, relevanceContext, type RelevanceContext } from './relevance-store.js';

export function showItem(host: Host, root: string | undefined, id: string) {
  const ctx = relevanceContext(host, root);
  const problem = itemIdProblem(id);
  if (problem !== undefined) throw new UsageError(problem);
  const store = readRelevance(host, ctx.storePath, ctx.params);
  if (store.corrupt !== undefined) throw new MemdexError(store.corrupt, 2);
  return { id, scored: store.state.items[id] !== undefined, item: store.state.items[id] ?? NEW_ITEM, warnings: store.issues };
}

export function pinItem(host: Host, root: string | undefined, id: string, action: ManualPinAction) {
  const ctx = relevanceContext(host, root);
  knownItem(host, ctx, id);
  return updateRelevance(host, 
    ctx.storePath,
    (state) => {
      const next = setPinByHand(state, id, action);
      return { state: next, result: next.items[id]! };
    },
    { params: ctx.params },
  );
}

export interface EvaluateRequest {
  readonly root?: string;
  readonly limit: number;
  readonly timeoutSeconds: number;
  readonly evaluator?: string;
  readonly log: (line: string) => void;
}

export async function evaluateSessions(host: Host, request: EvaluateRequest) {
  const ctx = relevanceContext(host, request.root);
  if (!Number.isSafeInteger(request.limit) || request.limit < 1) throw new UsageError(messages.badLimit(request.limit));
  if (!Number.isFinite(request.timeoutSeconds) || request.timeoutSeconds <= 0) throw new UsageError(messages.badTimeout(request.timeoutSeconds));
  const chosen = chooseEvaluator(host, ctx.root, ctx.config, request.timeoutSeconds * 1000, request.evaluator);
  if (chosen === undefined) {
    // The repository configures one, but MEMDEX_REQUIRE_APPROVAL=1 and it is not approved (command-approval.ts): say so, not "none".
    const unapproved = request.evaluator === undefined ? unapprovedCommands(host, ctx.root, ctx.config).find((c) => c.key === 'relevance.evaluator') : undefined;
    throw new UsageError(unapproved ? messages.evaluatorNotApproved(unapproved.command) : messages.noEvaluator);
  }
  return runEvaluations(host, ctx, chosen, request.limit, request.log);
}

/** One evaluation run over the queue with `chosen`, each session's outcome recorded (learning-outcomes.ts). */
export async function runEvaluations(host: Host, ctx: RelevanceContext, chosen: ChosenEvaluator, limit: number, log: (line: string) => void, context?: (sessionId: string, record: SessionRecord) => ClaimContext) {
  const playbook = readPlaybookKeyPoints(host, ctx.root, ctx.config);
  return evaluatePending(host, {
    storePath: ctx.storePath,
    root: ctx.root,
    evaluator: chosen.evaluator,
    params: ctx.params,
    texts: new Map(playbook.keyPoints.map((kp) => [kp.id, kp.text])),
    limit,
    excerptChars: ctx.config.learn.maxExcerptChars,
    now: () => host.now(),
    log,
    ...(context !== undefined ? { context } : {}),
    onOutcome: (outcome) => {
      if (outcome.result === 'lost') return; // another runner applied it: its record says so
      const problem = recordLearningOutcome(host, ctx.root, {
        at: host.now(),
        step: 'evaluate',
        session: outcome.sessionId,
        by: chosen.label,
        result: outcome.result,
        ...(outcome.detail !== undefined ? { detail: outcome.detail, retry: outcome.result === 'failed' } : {}),
        ...(outcome.result === 'applied' ? { counts: { rated: outcome.scored ?? 0, unknownIds: outcome.unknownIds ?? 0 } } : {}),
      });
      if (problem !== undefined) log(problem);
    },
  });
}

export interface InjectPreviewRequest {
  readonly root?: string;
  readonly session?: string;
  readonly transcript?: string;
  readonly cwd?: string;
}

export function previewInjection(host: Host, request: InjectPreviewRequest) {
  const ctx = relevanceContext(host, request.root);
  // What it shows is the playbook: one it cannot read stops it (the hook, which fails open, logs it instead).
  const playbook = readPlaybookKeyPoints(host, ctx.root, ctx.config);
  if (playbook.problem !== undefined) throw new MemdexError(playbook.problem, 2);
  return relevanceInjection(host, {
    root: ctx.root,
    config: ctx.config,
    keyPoints: playbook.keyPoints,
    now: host.now(),
    ...(nonEmpty(request.session) !== undefined ? { sessionId: request.session! } : {}),
    ...(nonEmpty(request.transcript) !== undefined ? { transcriptPath: request.transcript! } : {}),
    ...(nonEmpty(request.cwd) !== undefined ? { cwd: request.cwd! } : {}),
  });
}

export function auditSession(host: Host, root: string | undefined, session: string, transcript: string | undefined) {
  const ctx = relevanceContext(host, root);
  const outcome = relevanceSessionEnd(host, { sessionId: session, ...(transcript !== undefined ? { transcriptPath: transcript } : {}) }, { root: ctx.root, config: ctx.config, now: host.now() });
  if (outcome.kind === 'skipped') throw new MemdexError(messages.auditSkipped(outcome.reason), 1);
  return outcome;
}

export function environmentTags(host: Host, root: string | undefined) {
  return detectEnvironment(host, relevanceContext(host, root).root);
}

export function compactStore(host: Host, root: string | undefined) {
  const ctx = relevanceContext(host, root);
  const playbook = readPlaybookKeyPoints(host, ctx.root, ctx.config);
  // Without a readable playbook, "not in the playbook" would mean everything: keep the items.
  const live = playbook.exists && playbook.problem === undefined ? new Set(playbook.keyPoints.map((kp) => kp.id)) : undefined;
  // Sessions an earlier version kept in the store go to their own files first; then both are compacted.
  moveLegacySessions(host, ctx.root, ctx.storePath, ctx.params);
  const items = updateRelevance(
    host,
    ctx.storePath,
    (state) => {
      const compacted = compactState(state, host.now(), ctx.params, live);
      return { state: compacted.state, result: compacted };
    },
    { params: ctx.params },
  );
  const removedSessions = compactSessionRecords(host, ctx.root, ctx.params);
  return { removedItems: items.removedItems, removedSessions };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
