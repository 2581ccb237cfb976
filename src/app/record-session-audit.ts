import type { RelevanceParams } from '../relevance/params.js';
import { DEFAULT_RELEVANCE_PARAMS } from '../relevance/params.js';
import { compactState } from '../relevance/compact.js';
import { recordAudit, type AuditPatch } from '../relevance/queue.js';
import type { SessionRecord } from '../relevance/types.js';
import type { JsonStateHost } from './json-state.js';
import type { LockOptions } from './port-types.js';
import { updateRelevance } from './relevance-store.js';

export interface SessionAudit extends AuditPatch {
  readonly sessionId: string;
}

/**
 * Merges an audit record into the store (never replaces it: shown ids and tags
 * are unions, see queue.ts mergeAudit). Called with the shown ids when the
 * injection hook shows key points, and with `ended: true` and the transcript
 * path by the session-end hook, which also compacts old sessions away.
 */
export function recordSessionAudit(
  host: JsonStateHost,
  storePath: string,
  audit: SessionAudit,
  options: LockOptions & { readonly params?: RelevanceParams } = {},
): SessionRecord {
  const params = options.params ?? DEFAULT_RELEVANCE_PARAMS;
  const { sessionId, ...patch } = audit;
  return updateRelevance(
    host,
    storePath,
    (state) => {
      const merged = recordAudit(state, sessionId, patch);
      const next = audit.ended ? compactState(merged, audit.at, params).state : merged;
      return { state: next, result: next.sessions[sessionId]! };
    },
    options,
  );
}
