/**
 * The sessions' audit records and evaluation jobs, one file each under
 * `<root>/.claude/memdex/relevance-sessions/` (src/relevance/session-file.ts says
 * why and what a file holds). A hook reads and writes only its own session's file,
 * under that file's lock, so its work does not depend on how many sessions the
 * project had. The evaluator (evaluate-pending.ts), a background run, lists them.
 *
 * A record nothing of which was evaluated yet (what the prompt hook and session-end
 * write) is written without fsync (WriteOptions.durable): its loss in a power cut costs
 * a session's shown ids, and two fsyncs cost each hook 10-20 ms. A record the evaluator
 * touched (evaluated ids, a lease, an attempt) is always written durably, so the
 * empty file a power cut can leave of an undurable write is read as no record at all
 * without ever losing what guards against applying scores twice.
 *
 * Sessions recorded by earlier versions live in `.claude/relevance.json` under
 * "sessions". moveLegacySessions moves them to their files under the store's lock
 * (a session that already has a file keeps it) and empties that key; readers look
 * there when a session has no file yet.
 */
import { InputError } from '../core/errors.js';
import { messages } from '../messages/relevance.js';
import { parseSessionFile, serializeSessionFile, sessionFileName } from '../relevance/session-file.js';
import type { RelevanceParams } from '../relevance/params.js';
import type { SessionRecord } from '../relevance/types.js';
import type { AgentHost, TreeHost } from './host.js';
import { updateJsonFile, type JsonStateHost } from './json-state.js';
import type { LockOptions } from './port-types.js';
import { readRelevance, updateRelevance } from './relevance-store.js';

export const SESSION_RECORDS_DIR = '.claude/memdex/relevance-sessions';
const SUFFIX = '.json';

export type SessionRecordsHost = JsonStateHost & Pick<TreeHost, 'joinPath'> & Pick<AgentHost, 'listDir' | 'removeFile' | 'sweepTemps'>;

export function sessionRecordPath(host: Pick<TreeHost, 'joinPath'>, root: string, sessionId: string): string {
  return host.joinPath(root, `${SESSION_RECORDS_DIR}/${sessionFileName(sessionId)}${SUFFIX}`);
}

/** The session's record without a lock; undefined when there is none (or its file cannot be read: writers report that). */
export function readSessionRecord(host: Pick<TreeHost, 'joinPath' | 'readTextIfExists'>, root: string, sessionId: string): SessionRecord | undefined {
  const text = host.readTextIfExists(sessionRecordPath(host, root, sessionId));
  if (text === undefined || lost(text)) return undefined;
  const parsed = parseSessionFile(text);
  return parsed.kind === 'ok' && parsed.sessionId === sessionId ? parsed.record : undefined;
}

/**
 * Read-modify-write of the session's record under its file's lock. `change` gets the
 * latest record (undefined when there is none) and returns the new one, or undefined
 * for no change. A file that cannot be read is never overwritten (InputError naming it).
 */
export function updateSessionRecord<R>(
  host: JsonStateHost & Pick<TreeHost, 'joinPath'>,
  root: string,
  sessionId: string,
  change: (record: SessionRecord | undefined) => { readonly record?: SessionRecord; readonly result: R },
  options: LockOptions = {},
): R {
  const path = sessionRecordPath(host, root, sessionId);
  let result: R | undefined;
  updateJsonFile<SessionRecord | undefined>(
    host,
    path,
    (text) => (text === undefined || lost(text) ? undefined : parseOrThrow(text, path, sessionId)),
    (record) => {
      const next = change(record);
      result = next.result;
      return next.record;
    },
    (record) => serializeSessionFile(sessionId, record!),
    // no sweep of the folder (it grows with the history): compactSessionRecords sweeps it
    { ...options, durable: (record) => record === undefined || evaluatorTouched(record), sweep: false },
  );
  return result as R;
}

/**
 * Runs `fn` holding the session's lock, with its latest record and a writer: for the
 * evaluator's two-file step (the session's record and the store's scores), which must
 * keep the session locked across both.
 */
export function withSessionRecord<R>(
  host: JsonStateHost & Pick<TreeHost, 'joinPath'>,
  root: string,
  sessionId: string,
  fn: (record: SessionRecord | undefined, write: (record: SessionRecord) => void) => R,
  options: LockOptions = {},
): R {
  const path = sessionRecordPath(host, root, sessionId);
  host.makeParentDir(path);
  return host.withLock(
    `${path}.lock`,
    () => {
      const text = host.readTextIfExists(path);
      return fn(text === undefined || lost(text) ? undefined : parseOrThrow(text, path, sessionId), (record) => host.replaceText(path, serializeSessionFile(sessionId, record)));
    },
    options,
  );
}

export interface ListedSession {
  readonly sessionId: string;
  readonly record: SessionRecord;
}

/** Every session's record (files that cannot be read are named in `problems` and left alone). */
export function listSessionRecords(host: Pick<TreeHost, 'joinPath' | 'readTextIfExists'> & Pick<AgentHost, 'listDir'>, root: string): { readonly sessions: ListedSession[]; readonly problems: string[] } {
  const dir = host.joinPath(root, SESSION_RECORDS_DIR);
  const sessions: ListedSession[] = [];
  const problems: string[] = [];
  for (const name of [...(host.listDir(dir) ?? [])].sort()) {
    if (!name.endsWith(SUFFIX)) continue;
    const path = host.joinPath(dir, name);
    const text = host.readTextIfExists(path);
    if (text === undefined || lost(text)) continue;
    const parsed = parseSessionFile(text);
    if (parsed.kind === 'ok') sessions.push({ sessionId: parsed.sessionId, record: parsed.record });
    else problems.push(messages.sessionFileCorrupt(path, parsed.problem));
  }
  return { sessions, problems };
}

export function removeSessionRecord(host: SessionRecordsHost, root: string, sessionId: string): void {
  host.removeFile(sessionRecordPath(host, root, sessionId));
}

/**
 * Moves the sessions an earlier version kept in the store to their own files, under
 * the store's lock; how many moved. A session that already has a file keeps it (the
 * file is newer).
 */
export function moveLegacySessions(host: SessionRecordsHost, root: string, storePath: string, params: RelevanceParams, options: LockOptions = {}): number {
  if (Object.keys(readRelevance(host, storePath, params).state.sessions).length === 0) return 0;
  return updateRelevance(
    host,
    storePath,
    (state) => {
      const ids = Object.keys(state.sessions);
      for (const id of ids) {
        updateSessionRecord(host, root, id, (existing) => (existing === undefined ? { record: state.sessions[id]!, result: undefined } : { result: undefined }), options);
      }
      return { state: ids.length === 0 ? state : { ...state, sessions: {} }, result: ids.length };
    },
    { ...options, params },
  );
}

/** The session's record, from its file, else (written by an earlier version) from the store. */
export function sessionRecordOrLegacy(host: Pick<TreeHost, 'joinPath' | 'readTextIfExists'>, root: string, storePath: string, params: RelevanceParams, sessionId: string): SessionRecord | undefined {
  return readSessionRecord(host, root, sessionId) ?? readRelevance(host, storePath, params).state.sessions[sessionId];
}

/** An empty file: an undurable write cut by a power loss (never one with the evaluator's state: evaluatorTouched). */
function lost(text: string): boolean {
  return text.trim() === '';
}

/** The evaluator's state, which guards against applying scores twice: written durably. */
function evaluatorTouched(record: SessionRecord): boolean {
  return record.evaluated.length > 0 || record.evaluatedTo !== undefined || record.lease !== undefined || record.attempts > 0 || record.status === 'done' || record.status === 'skipped' || record.status === 'failed' || record.status === 'processing';
}

function parseOrThrow(text: string, path: string, sessionId: string): SessionRecord {
  const parsed = parseSessionFile(text);
  if (parsed.kind === 'corrupt') throw new InputError(messages.sessionFileCorrupt(path, parsed.problem));
  if (parsed.sessionId !== sessionId) throw new InputError(messages.sessionFileCorrupt(path, messages.sessionFileOther(parsed.sessionId, sessionId)));
  return parsed.record;
}
