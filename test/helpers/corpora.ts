import { describe, test } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyWritable } from './temp-dirs.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The shared, read-only real memory trees (never edited: tests copy them):
 * MEMDEX_CORPORA, else the first `shared/corpora` found walking up from the
 * repository (CI clones the repository with shared/ beside it). Undefined when
 * absent (or when MEMDEX_CORPORA names a folder that does not exist, which is how
 * to try the suite without them): the tests that need them are skipped, with one
 * line saying so (describeCorpora, testCorpora).
 */
export const CORPORA: string | undefined = findCorpora();

function findCorpora(): string | undefined {
  const given = process.env.MEMDEX_CORPORA;
  if (given) return existsSync(given) ? given : undefined;
  for (let dir = REPO; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpora');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

const SKIPPED = 'skipped: shared/corpora not found above the repository; set MEMDEX_CORPORA to run it';
/** `describe` for blocks that need the corpora: skipped without them, with one line on stderr saying so. */
export function describeCorpora(name: string, fn: () => void): void {
  if (CORPORA) return describe(name, fn);
  skipped(name);
  describe.skip(`${name} (${SKIPPED})`, fn);
}

export function testCorpora(name: string, fn: () => void | Promise<void>, timeout?: number): void {
  if (CORPORA) return test(name, fn, timeout);
  skipped(name);
  test.skip(`${name} (${SKIPPED})`, fn);
}

function skipped(name: string): void {
  process.stderr.write(`${name}: ${SKIPPED}\n`);
}

/** Paths inside the corpora; only read by tests under describeCorpora / testCorpora. */
const base = CORPORA ?? join(REPO, 'shared-corpora-absent');
export const BEFORE = join(base, 'before-migration');
export const AFTER = join(base, 'after-migration');
export const MAPPING_TSV = join(base, 'migration-mapping.tsv');

export function copyTree(source: string, prefix = 'memdex-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!absent(source)) copyWritable(source, dir);
  return dir;
}

/** A path inside absent corpora reads as empty, so that a test file loads and its skipped blocks say why. */
function absent(path: string): boolean {
  return CORPORA === undefined && path.startsWith(base);
}

/** Every file below `dir` as root-relative '/'-separated path → text. */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (absent(dir)) return files;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === '.git' || name === 'node_modules') continue;
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/** All markdown files below a directory (absolute paths). */
export function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return [...readTree(dir).keys()].filter((p) => p.endsWith('.md')).map((p) => join(dir, p));
}
