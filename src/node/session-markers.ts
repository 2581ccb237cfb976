import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sessionFileName } from '../relevance/session-name.js';
import { nowMs } from './clock.js';

/**
 * "This session already got the playbook": one marker file per session id under
 * `<root>/.claude/memdex/sessions/`. The systems we replace kept ONE marker per
 * project, so concurrent sessions re-injected each other and one session's end
 * reset everyone. Claiming is O_EXCL, so two hooks of one session racing inject once.
 */
function markerDir(root: string): string {
  return join(root, '.claude', 'memdex', 'sessions');
}

/** Session ids are UUIDs; anything else is hashed into a safe file name (the one naming, relevance/session-name.ts). */
export function markerPath(root: string, sessionId: string): string {
  return join(markerDir(root), sessionFileName(sessionId));
}

/** Whether this session already got the playbook (a cheap look before any work; claiming stays atomic). */
export function hasSessionMarker(root: string, sessionId: string): boolean {
  return existsSync(markerPath(root, sessionId));
}

/** True when this call created the marker: the caller injects. False: already done for this session. */
export function claimSessionMarker(root: string, sessionId: string): boolean {
  mkdirSync(markerDir(root), { recursive: true });
  try {
    closeSync(openSync(markerPath(root, sessionId), 'wx', 0o644));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function clearSessionMarker(root: string, sessionId: string): void {
  try {
    unlinkSync(markerPath(root, sessionId));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Markers of sessions that ended without a session-end hook (crash, kill) are removed after this long. */
export const MARKER_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function pruneSessionMarkers(root: string, maxAgeMs = MARKER_MAX_AGE_MS): void {
  let names: string[];
  try {
    names = readdirSync(markerDir(root));
  } catch {
    return;
  }
  const cutoff = nowMs() - maxAgeMs;
  for (const name of names) {
    const path = join(markerDir(root), name);
    try {
      if (statSync(path).mtimeMs < cutoff) unlinkSync(path);
    } catch {
      // removed by a concurrent session end
    }
  }
}
