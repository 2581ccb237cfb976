import { mergeAudit, auditAddsNothing, type AuditPatch } from '../relevance/queue.js';
import type { SessionRecord } from '../relevance/types.js';
import type { JsonStateHost } from './json-state.js';
import type { TreeHost } from './host.js';
import type { LockOptions } from './port-types.js';
import { updateSessionRecord } from './session-records.js';

export interface SessionAudit extends AuditPatch {
  readonly sessionId: string;
}

/**
 * Merges an audit record into the session's own record file (never replaces it: shown
 * ids and tags are unions, see queue.ts mergeAudit). Called with the shown ids when the
 * injection hook shows key points, and with `ended: true` and the transcript path by
 * the session-end hook. Only this session's file is read and written: the hooks' work
 * does not grow with the number of sessions (session-records.ts). Old sessions are
 * compacted away by the background learning run, not here.
 */
export function recordSessionAudit(host: JsonStateHost & Pick<TreeHost, 'joinPath'>, root: string, audit: SessionAudit, options: LockOptions = {}): SessionRecord {
  const { sessionId, ...patch } = audit;
  return updateSessionRecord(
    host,
    root,
    sessionId,
    (record) => {
      if (record !== undefined && auditAddsNothing(record, patch)) return { result: record };
      const merged = mergeAudit(record, patch);
      return { record: merged, result: merged };
    },
    options,
  );
}
