import { readdirSync } from 'node:fs';
import { childProcess } from './child-process.js';

/**
 * `git ls-files` of the paths matching `pathspec` that git tracks or would track
 * (untracked and not ignored), relative to `root`, as git lists them; undefined
 * outside a git work tree or without git.
 */
export function gitListFiles(root: string, pathspec: string): string[] | undefined {
  const result = childProcess().spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', pathspec], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  if (result.error || result.status !== 0) return undefined;
  return result.stdout.toString('utf8').split('\0').filter(Boolean);
}

/** The folders (a trailing `/`) and regular files in a folder, in listing order; symbolic links and other kinds are left out. Throws the OS error. */
export function listFolder(path: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) names.push(`${entry.name}/`);
    else if (entry.isFile()) names.push(entry.name);
  }
  return names;
}
