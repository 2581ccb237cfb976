import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
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

/** Session ids are UUIDs; anything else is hashed into a safe file name. */
export function markerPath(root: string, sessionId: string): string {
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(sessionId) ? sessionId : `h-${fnv1a64(sessionId)}`;
  return join(markerDir(root), safe);
}

/**
 * FNV-1a, 64 bits, over the UTF-16 code units: a stable file name for an odd id.
 * Not node:crypto: importing it costs ~2 ms on every prompt, for a case that is rare.
 */
function fnv1a64(text: string): string {
  const MASK = (1n << 64n) - 1n;
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & MASK;
  return hash.toString(16).padStart(16, '0');
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
