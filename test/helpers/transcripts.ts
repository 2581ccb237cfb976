import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO } from './corpora.js';

/** Committed trimmed real transcripts (test/fixtures/transcripts, made by trim.mjs there). */
export const FIXTURES = fileURLToPath(new URL('../fixtures/transcripts/', import.meta.url));

/** shared/transcripts, found walking up from the repository like the corpora; undefined when absent. */
export const SHARED_TRANSCRIPTS = findShared();

function findShared(): string | undefined {
  if (process.env.MEMDEX_TRANSCRIPTS) return process.env.MEMDEX_TRANSCRIPTS;
  for (let dir = REPO; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'transcripts');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Copies `files` from `source` into a new temp dir (shared data is read-only and never read in place). */
export function copyTranscripts(source: string, files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-transcripts-'));
  for (const file of files) copyFileSync(join(source, file), join(dir, file));
  return dir;
}
