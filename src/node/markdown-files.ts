import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MemdexError } from '../core/errors.js';
import { childProcess } from './child-process.js';
import { readText } from './read-text.js';

/** Folders never searched for markdown outside git: VCS data, dependencies, memdex state. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.memdex']);

/**
 * The markdown files under `root` whose links a migration may rewrite (root-relative
 * path → text). In a git work tree: the files git tracks, and untracked files that
 * are not ignored (the dirty check refuses those unless --force); never an ignored
 * file, which git could not give back and the dirty check does not see. Outside
 * git (apply needs --force there): every markdown file but the skipped folders.
 * A file that is not UTF-8 text is skipped: it holds no link memdex can rewrite.
 */
export function readMarkdownFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of gitMarkdownPaths(root) ?? walkMarkdownPaths(root)) {
    try {
      files.set(rel, readText(join(root, rel), rel));
    } catch (error) {
      if (!(error instanceof MemdexError)) throw error; // deleted but still tracked, unreadable, not UTF-8
    }
  }
  return files;
}

/** Tracked and not-ignored untracked `*.md` paths, relative to root; undefined outside a git work tree. */
function gitMarkdownPaths(root: string): string[] | undefined {
  const result = childProcess().spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ':(icase)*.md'], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  if (result.error || result.status !== 0) return undefined;
  return [...new Set(result.stdout.toString('utf8').split('\0').filter(Boolean))].sort();
}

function walkMarkdownPaths(root: string): string[] {
  const paths: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name), `${rel}/`);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) paths.push(rel);
    }
  };
  walk(root, '');
  return paths;
}
