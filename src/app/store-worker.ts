/**
 * The background store worker (`memdex hook store-worker <root>`), started by the
 * injection hook when `.claude/relevance.json` still holds an earlier version's
 * sessions or is over the injection's cap (inject-playbook.ts): it moves those
 * sessions to their own files (session-records.ts, under the store's lock: the
 * migration of an old store, done once) and removes the session records compaction
 * drops. Scores are never dropped here (`memdex relevance compact` also drops items
 * gone from the playbook: a person decides that). Detached, so no hook waits for it.
 */
import type { Host } from './host.js';
import { compactSessionRecords } from './compact-sessions.js';
import { relevanceContext } from './relevance-store.js';
import { moveLegacySessions } from './session-records.js';

export interface StoreWorkerRun {
  readonly moved: number;
  readonly removed: number;
}

export function runStoreWorker(host: Host, root: string, log: (line: string) => void): StoreWorkerRun {
  const ctx = relevanceContext(host, root);
  const moved = moveLegacySessions(host, ctx.root, ctx.storePath, ctx.params);
  const removed = compactSessionRecords(host, ctx.root, ctx.params, log).length;
  return { moved, removed };
}
