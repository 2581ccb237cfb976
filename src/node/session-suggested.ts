/**
 * The entries the prompt hook already pointed a session to: one label a line in
 * `<session marker>.suggested` (session-markers.ts: same folder, same safe name, so
 * the markers' pruning removes it with them). Appended (O_APPEND: two hooks of one
 * session racing at worst point to the same entry twice), never rewritten.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readTextIfExists } from './read-text.js';
import { markerPath } from './session-markers.js';
import { recalledInSession } from './session-recalled.js';

function suggestedPath(root: string, sessionId: string): string {
  return `${markerPath(root, sessionId)}.suggested`;
}

/** The labels already injected into this session (none when the file does not exist). */
export function readSuggested(root: string, sessionId: string): string[] {
  const text = readTextIfExists(suggestedPath(root, sessionId));
  return text === undefined ? [] : text.split('\n').filter((line) => line !== '');
}

/** Everything the session was pointed to or recalled (session-recalled.ts), as labels or folded keys. */
export function shownToSession(root: string, sessionId: string, transcriptPath: string | undefined): string[] {
  return [...readSuggested(root, sessionId), ...recalledInSession(root, sessionId, transcriptPath)];
}

export function recordSuggested(root: string, sessionId: string, labels: readonly string[]): void {
  if (labels.length === 0) return;
  const path = suggestedPath(root, sessionId);
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, labels.map((label) => `${label}\n`).join(''));
}
