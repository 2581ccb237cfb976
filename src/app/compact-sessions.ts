/**
 * The session records do not grow without end: finished ones are removed once
 * `retainSessionsMs` old (their `evaluated` ids guard against applying scores twice
 * until then), and those that never showed anything once stale: the rule of
 * src/relevance/compact.ts, applied to the record files by the learning run (never by
 * a hook: a hook touches only its own session). It also sweeps the folder for the temps of
 * killed writers, which the hooks' writes of a record leave to it (WriteOptions.sweep).
 */
import { compactState } from '../relevance/compact.js';
import type { RelevanceParams } from '../relevance/params.js';
import { EMPTY_STATE } from '../relevance/types.js';
import type { TreeHost } from './host.js';
import { listSessionRecords, removeSessionRecord, SESSION_RECORDS_DIR, type SessionRecordsHost } from './session-records.js';

/** Removes the records compaction drops; their session ids. */
export function compactSessionRecords(host: SessionRecordsHost & Pick<TreeHost, 'now'>, root: string, params: RelevanceParams, log: (line: string) => void = () => {}): readonly string[] {
  const listed = listSessionRecords(host, root);
  for (const problem of listed.problems) log(problem);
  const sessions = Object.fromEntries(listed.sessions.map(({ sessionId, record }) => [sessionId, record]));
  const { removedSessions } = compactState({ ...EMPTY_STATE, sessions }, host.now(), params);
  for (const sessionId of removedSessions) removeSessionRecord(host, root, sessionId);
  host.sweepTemps(host.joinPath(root, SESSION_RECORDS_DIR));
  return removedSessions;
}
