import { dirname, isAbsolute, join, resolve } from 'node:path';
import { readTextIfExists } from './read-text.js';

/**
 * The `origin` remote URL, read from the repository's git config file rather
 * than by running git: hooks run on every prompt, and a child process costs
 * more than the rest of the injection. Handles worktrees (`.git` is a file
 * pointing at the gitdir, whose `commondir` holds the shared config).
 * Undefined when there is no repository, no origin, or anything unreadable.
 */
export function gitOriginUrl(start: string): string | undefined {
  try {
    const gitDir = findGitDir(resolve(start));
    if (gitDir === undefined) return undefined;
    const common = readTextIfExists(join(gitDir, 'commondir'))?.trim();
    const configDir = common ? (isAbsolute(common) ? common : join(gitDir, common)) : gitDir;
    const config = readTextIfExists(join(configDir, 'config'));
    return config === undefined ? undefined : originUrlFromConfig(config);
  } catch {
    return undefined;
  }
}

function findGitDir(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const asFile = tryReadFile(dotGit);
    if (asFile !== undefined) {
      const target = /^gitdir:\s*(.+)$/m.exec(asFile)?.[1]?.trim();
      return target === undefined ? undefined : resolve(dir, target);
    }
    if (tryReadFile(join(dotGit, 'HEAD')) !== undefined) return dotGit;
    if (dirname(dir) === dir) return undefined;
  }
}

function tryReadFile(path: string): string | undefined {
  try {
    return readTextIfExists(path);
  } catch {
    return undefined; // a directory, or unreadable
  }
}

/** `url` of `[remote "origin"]` in git config syntax (sections, `key = value`, `#`/`;` comments). */
export function originUrlFromConfig(config: string): string | undefined {
  let inOrigin = false;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]$/.test(line);
      continue;
    }
    const match = inOrigin ? /^url\s*=\s*(.*?)\s*$/i.exec(line) : null;
    if (match?.[1]) return match[1].replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}
