import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The shared, read-only real memory trees (never edited: tests copy them):
 * MEMDEX_CORPORA, else the first `shared/corpora` found walking up from the
 * repository (CI clones the repository with shared/ beside it).
 */
export const CORPORA = findCorpora();

function findCorpora(): string {
  if (process.env.MEMDEX_CORPORA) return process.env.MEMDEX_CORPORA;
  for (let dir = REPO; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpora');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('shared/corpora not found above the repository: set MEMDEX_CORPORA');
  }
}
export const BEFORE = join(CORPORA, 'before-migration');
export const AFTER = join(CORPORA, 'after-migration');
export const MAPPING_TSV = join(CORPORA, 'migration-mapping.tsv');

export function copyTree(source: string, prefix = 'memdex-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(source, dir, { recursive: true });
  return dir;
}

/** Every file below `dir` as root-relative '/'-separated path → text. */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
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
