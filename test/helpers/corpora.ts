import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared, read-only real memory trees (never edited: tests copy them). */
export const CORPORA = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));
export const BEFORE = join(CORPORA, 'before-migration');
export const AFTER = join(CORPORA, 'after-migration');
export const MAPPING_TSV = join(CORPORA, 'migration-mapping.tsv');
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

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
