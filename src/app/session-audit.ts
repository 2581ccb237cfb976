/**
 * The relevance step of the session-end hook: write the session's audit record
 * (environment tags, repository, transcript path, "ended"), which queues the
 * session for `memdex relevance evaluate`. It never throws and never prints
 * to stdout: a hook fails open. MEMDEX_HOOKS=0 turns it off; the evaluator
 * runs with it, so an evaluator that starts an agent does not queue itself.
 */
import type { Config } from '../model/config.js';
import type { SessionRecord } from '../relevance/types.js';
import { messages } from '../messages/hooks.js';
import type { Host } from './host.js';
import { detectEnvironment } from './detect-environment.js';
import type { HookStep } from './hook-step.js';
import { HOOK_LOCK_TIMEOUT_MS } from './injection.js';
import { recordSessionAudit } from './record-session-audit.js';

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

export function relevanceSessionEnd(host: Host, payload: SessionEndPayload, context: SessionEndContext): SessionEndOutcome {
  if (host.env.MEMDEX_HOOKS === '0') return { kind: 'skipped', reason: messages.hooksOff };
  try {
    const sessionId = payload.sessionId?.trim() ?? '';
    if (sessionId === '') return { kind: 'skipped', reason: messages.noSessionId };
    const transcriptPath = payload.transcriptPath?.trim() ? host.allowedTranscriptPath(payload.transcriptPath, context.root) : undefined;
    const environment = detectEnvironment(host, context.root);
    const record = recordSessionAudit(
      host,
      context.root,
      {
        sessionId,
        tags: environment.tags,
        repo: environment.repo,
        ...(transcriptPath !== undefined ? { transcriptPath } : {}),
        at: context.now,
        ended: true,
      },
      { timeoutMs: HOOK_LOCK_TIMEOUT_MS },
    );
    return { kind: 'recorded', sessionId, record };
  } catch (error) {
    return { kind: 'skipped', reason: (error as Error).message };
  }
}

/** The same as a step of the session-end hook; a skip other than "no session id" goes to the hook log. */
export const relevanceAuditStep: HookStep = {
  name: messages.steps.audit,
  run(context) {
    const outcome = relevanceSessionEnd(context.host, context.payload, { root: context.root, config: context.config, now: context.host.now() });
    if (outcome.kind === 'skipped' && outcome.reason !== messages.noSessionId && outcome.reason !== messages.hooksOff) context.log(outcome.reason);
  },
};
