import type { RelevanceParams } from './params.js';
import type { IsoTime, RelevanceState } from './types.js';

export interface Compacted {
  readonly state: RelevanceState;
  readonly removedSessions: readonly string[];
  readonly removedItems: readonly string[];
}

/**
 * Bounds the file (docs/relevance.md, "Size"): drops finished sessions older
 * than `retainSessionsMs` (their `evaluated` ids are what guard against
 * re-application, so they are kept for that long), sessions that never showed
 * anything once stale, and, when `liveIds` is given, items no longer in the
 * playbook.
 */
export function compactState(state: RelevanceState, now: IsoTime, p: RelevanceParams, liveIds?: ReadonlySet<string>): Compacted {
  const nowMs = Date.parse(now);
  const sessions: Record<string, RelevanceState['sessions'][string]> = {};
  const removedSessions: string[] = [];
  for (const [id, record] of Object.entries(state.sessions)) {
    const age = nowMs - Date.parse(record.updatedAt);
    const finished = record.status === 'done' || record.status === 'skipped';
    const empty = record.status === 'open' && record.shown.length === 0;
    if ((finished && age > p.retainSessionsMs) || (empty && age > p.staleOpenMs)) removedSessions.push(id);
    else sessions[id] = record;
  }
  const items: Record<string, RelevanceState['items'][string]> = {};
  const removedItems: string[] = [];
  for (const [id, item] of Object.entries(state.items)) {
    if (liveIds !== undefined && !liveIds.has(id)) removedItems.push(id);
    else items[id] = item;
  }
  if (removedSessions.length === 0 && removedItems.length === 0) return { state, removedSessions, removedItems };
  return { state: { ...state, items, sessions }, removedSessions, removedItems };
}
