/**
 * The relevance step of the session-end hook: write the session's audit record
 * (environment tags, repository, transcript path, "ended"), which queues the
 * session for `memdex relevance evaluate`. It never throws and never prints
 * to stdout: a hook fails open. MEMDEX_INTERNAL_RUN=1 (set for the evaluator's
 * own process) turns it off, so an evaluator that runs an agent does not
 * queue itself.
 */
import type { Config } from '../model/config.js';
import { detectEnvironment } from '../node/detect-environment.js';
import { recordSessionAudit } from '../node/record-session-audit.js';
import { projectRelevanceParams, relevanceStorePath } from '../node/relevance-store.js';
import type { SessionRecord } from '../relevance/types.js';
import { HOOK_LOCK_TIMEOUT_MS } from './relevance-injection.js';

export interface SessionEndContext {
  readonly root: string;
  readonly config: Config;
  readonly now: string;
}

export type SessionEndOutcome =
  | { readonly kind: 'recorded'; readonly sessionId: string; readonly record: SessionRecord }
  | { readonly kind: 'skipped'; readonly reason: string };

/** `payload` is the hook's parsed stdin: `session_id`, `transcript_path` (Claude Code's SessionEnd fields). */
export function relevanceSessionEnd(payload: unknown, context: SessionEndContext): SessionEndOutcome {
  if (process.env.MEMDEX_INTERNAL_RUN === '1') return { kind: 'skipped', reason: 'MEMDEX_INTERNAL_RUN=1' };
  try {
    const fields = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const sessionId = typeof fields.session_id === 'string' ? fields.session_id.trim() : '';
    if (sessionId === '') return { kind: 'skipped', reason: 'no session_id in the hook payload' };
    const transcriptPath = typeof fields.transcript_path === 'string' && fields.transcript_path !== '' ? fields.transcript_path : undefined;
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
