/** The per-session records (src/app/session-records.ts) as tests read them: `{...record}` by session id. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionFileName } from '../../src/relevance/session-name.js';

export const SESSION_RECORDS = join('.claude', 'memdex', 'relevance-sessions');

/** The session's record as written (its JSON, without `version` and `session`), or undefined. */
export function sessionRecord(root: string, sessionId: string): Record<string, any> | undefined {
  const path = join(root, SESSION_RECORDS, `${sessionFileName(sessionId)}.json`);
  if (!existsSync(path)) return undefined;
  const { version: _version, session: _session, ...record } = JSON.parse(readFileSync(path, 'utf8'));
  return record;
}

/** Every session's record, by id. */
export function sessionRecords(root: string): Record<string, Record<string, any>> {
  const dir = join(root, SESSION_RECORDS);
  if (!existsSync(dir)) return {};
  const out: Record<string, Record<string, any>> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const { version: _version, session, ...record } = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    out[session] = record;
  }
  return out;
}
