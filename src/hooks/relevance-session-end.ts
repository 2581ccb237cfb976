/**
 * The relevance step of the session-end hook: write the session's audit record
 * (environment tags, repository, transcript path, "ended"), which queues the
 * session for `memdex relevance evaluate`. It never throws and never prints
 * to stdout: a hook fails open. MEMDEX_HOOKS=0 turns it off; the evaluator
 * runs with it, so an evaluator that starts an agent does not queue itself.
 */
import { allowedTranscriptPath } from '../node/transcript-path.js';
import type { Config } from '../model/config.js';
import { nowIso } from '../node/clock.js';
import { detectEnvironment } from '../node/detect-environment.js';
import { recordSessionAudit } from '../node/record-session-audit.js';
import { projectRelevanceParams, relevanceStorePath } from '../node/relevance-store.js';
import type { SessionRecord } from '../relevance/types.js';
import { HOOK_LOCK_TIMEOUT_MS } from './relevance-injection.js';

/** The hook payload fields used (the playbook hooks' parsed HookPayload has this shape). */
export interface SessionEndPayload {
  readonly sessionId?: string;
  readonly transcriptPath?: string;
}

export interface SessionEndContext {
  readonly root: string;
  readonly config: Config;
  readonly now: string;
}

export type SessionEndOutcome =
  | { readonly kind: 'recorded'; readonly sessionId: string; readonly record: SessionRecord }
  | { readonly kind: 'skipped'; readonly reason: string };

export const NO_SESSION_ID = 'no session_id in the hook payload';

export function relevanceSessionEnd(payload: SessionEndPayload, context: SessionEndContext): SessionEndOutcome {
  if (process.env.MEMDEX_HOOKS === '0') return { kind: 'skipped', reason: 'MEMDEX_HOOKS=0' };
  try {
    const sessionId = payload.sessionId?.trim() ?? '';
    if (sessionId === '') return { kind: 'skipped', reason: NO_SESSION_ID };
    const transcriptPath = payload.transcriptPath?.trim() ? allowedTranscriptPath(payload.transcriptPath, context.root) : undefined;
    const environment = detectEnvironment(context.root);
    const record = recordSessionAudit(
      relevanceStorePath(context.root, context.config),
      {
        sessionId,
        tags: environment.tags,
        repo: environment.repo,
        ...(transcriptPath !== undefined ? { transcriptPath } : {}),
        at: context.now,
        ended: true,
      },
      { params: projectRelevanceParams(context.config), timeoutMs: HOOK_LOCK_TIMEOUT_MS },
    );
    return { kind: 'recorded', sessionId, record };
  } catch (error) {
    return { kind: 'skipped', reason: (error as Error).message };
  }
}

/**
 * The same, shaped as a step of the playbook hooks (src/hooks/hook-step.ts:
 * `{name, run(context)}`): add it to SESSION_END_STEPS. A skip other than "no
 * session id" goes to the hook log.
 */
export const relevanceAuditStep = {
  name: 'relevance audit',
  run(context: { readonly root: string; readonly config: Config; readonly payload: SessionEndPayload; log(message: string): void }): void {
    const outcome = relevanceSessionEnd(context.payload, { root: context.root, config: context.config, now: nowIso() });
    if (outcome.kind === 'skipped' && outcome.reason !== NO_SESSION_ID && outcome.reason !== 'MEMDEX_HOOKS=0') context.log(outcome.reason);
  },
};
