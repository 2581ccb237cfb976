import { MemdexError } from '../core/errors.js';
import type { TreeHost } from './host.js';

/** Folders never searched for markdown outside git: VCS data, dependencies, memdex state. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.memdex']);

/** The git pathspec of markdown files, any case (`README.MD` too). */
const MARKDOWN_PATHSPEC = ':(icase)*.md';

/**
 * The markdown files under `root` whose links a migration may rewrite (root-relative
 * path → text). In a git work tree: the files git tracks, and untracked files that
 * are not ignored (the dirty check refuses those unless --force); never an ignored
 * file, which git could not give back and the dirty check does not see. Outside
 * git (apply needs --force there): every markdown file but the skipped folders.
 * A file that is not UTF-8 text is skipped: it holds no link memdex can rewrite.
 */
export function readMarkdownFiles(host: Pick<TreeHost, 'gitListFiles' | 'listFolder' | 'joinPath' | 'readText'>, root: string): Map<string, string> {
  const files = new Map<string, string>();
  const listed = host.gitListFiles(root, MARKDOWN_PATHSPEC);
  for (const rel of listed ? [...new Set(listed)].sort() : walkMarkdownPaths(host, root)) {
    try {
      files.set(rel, host.readText(host.joinPath(root, rel), rel));
    } catch (error) {
      if (!(error instanceof MemdexError)) throw error; // deleted but still tracked, unreadable, not UTF-8
    }
  }
  return files;
}

/** Every `*.md` regular file under `root` (any case), outside the skipped folders, in listing order. */
function walkMarkdownPaths(host: Pick<TreeHost, 'listFolder' | 'joinPath'>, root: string): string[] {
  const paths: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of host.listFolder(dir)) {
      if (entry.endsWith('/')) {
        const name = entry.slice(0, -1);
        if (!SKIPPED_DIRS.has(name)) walk(host.joinPath(dir, name), `${prefix}${name}/`);
      } else if (entry.toLowerCase().endsWith('.md')) paths.push(prefix + entry);
    }
  };
  walk(root, '');
  return paths;
}
