/**
 * One session's audit record and evaluation job as its own file:
 * `.claude/memdex/relevance-sessions/<session>.json` (src/app/session-records.ts
 * reads and writes them). The shared `.claude/relevance.json` keeps the scores; the
 * sessions moved out of it so that a hook's work does not grow with the project's
 * history: the prompt hook and the session-end hook read and write their own
 * session's few hundred bytes, never a file with every session in it (a 28 MB
 * store made session-end take 3-4 s, over the client's 1.5 s budget; issue 27).
 *
 * A file holds `{"version": 1, "session": "<id>", ...the record}` (state.ts's session
 * fields, one per line). Its name is the session id when that is a plain name (the
 * client's ids are UUIDs), else a hash of it; the id inside is the truth.
 */
import { messages } from '../messages/relevance.js';
import { parseSessionRecord, sessionRecordJson } from './state.js';
import type { SessionRecord } from './types.js';

export { sessionFileName } from './session-name.js';

export const SESSION_FILE_VERSION = 1;

export type ParsedSessionFile =
  | { readonly kind: 'ok'; readonly sessionId: string; readonly record: SessionRecord; readonly issues: readonly string[] }
  | { readonly kind: 'corrupt'; readonly problem: string };

export function parseSessionFile(text: string): ParsedSessionFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'corrupt', problem: messages.stateNotJson((error as Error).message) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'corrupt', problem: messages.stateNotObject };
  const json = value as Record<string, unknown>;
  if (json.version !== SESSION_FILE_VERSION) return { kind: 'corrupt', problem: messages.stateVersion(json.version) };
  if (typeof json.session !== 'string' || json.session.trim() === '') return { kind: 'corrupt', problem: messages.sessionFileId };
  const issues: string[] = [];
  const record = parseSessionRecord(json, 'session', issues);
  return record === undefined ? { kind: 'corrupt', problem: messages.sessionFileRecord } : { kind: 'ok', sessionId: json.session, record, issues };
}

/** Deterministic: fixed field order, one field a line, final newline. */
export function serializeSessionFile(sessionId: string, record: SessionRecord): string {
  const fields = { version: SESSION_FILE_VERSION, session: sessionId, ...sessionRecordJson(record) };
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `  ${JSON.stringify(key)}: ${JSON.stringify(v)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
