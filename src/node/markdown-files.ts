import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MemdexError } from '../core/errors.js';
import { readText } from './read-text.js';

/** Folders never searched for markdown: VCS data, dependencies, memdex state. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.memdex']);

/**
 * Every markdown file under `root` (root-relative path → text), for link rewriting.
 * A file that is not UTF-8 text is skipped: it holds no link memdex can rewrite.
 */
export function readMarkdownFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name), `${rel}/`);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
        try {
          files.set(rel, readText(join(dir, entry.name), rel));
        } catch (error) {
          if (!(error instanceof MemdexError)) throw error;
        }
      }
    }
  };
  walk(root, '');
  return files;
}
