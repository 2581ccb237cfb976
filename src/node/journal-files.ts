import { mkdirSync, realpathSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { JournalFiles, JournalWrites } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { fsyncDir, replacementOf, writeAndSync } from './atomic-write.js';
import { crypto } from './crypto.js';
import { guardWrites } from './guard-writes.js';
import { removeIfAbandoned, withLockSync } from './lock.js';

/** The journal recovery's file operations on this machine (src/app/journal.ts runs the protocol). */
export function nodeJournalFiles(): JournalFiles {
  return {
    withLock: withLockSync,
    removeAbandonedLock: (lockPath) => removeIfAbandoned(lockPath),
    rename: renameSync,
    syncDir: fsyncDir,
    removeFile: (path) => rmSync(path, { force: true }),
    removeEmptyFolder,
  };
}

/** And the writer's. */
export function nodeJournalWrites(): JournalWrites {
  return {
    ...nodeJournalFiles(),
    makeDir: (path) => void mkdirSync(path, { recursive: true }),
    writeSynced: (path, text, mode) => writeAndSync(path, text, 'w', mode),
    landingOf,
    sha256: (text) => crypto().createHash('sha256').update(text, 'utf8').digest('hex'),
    guardCommit: (root, paths, write, recover) =>
      guardWrites(
        paths.map((path) => resolve(root, path)),
        (error) => osMessages.cannotWrite(typeof error.path === 'string' ? error.path : root),
        write,
        recover,
      ),
    killSelf: () => void process.kill(process.pid, 'SIGKILL'),
  };
}

/** Removes a folder when it is empty; false when it is not (other memdex state lives there) or is gone. */
export function removeEmptyFolder(path: string): boolean {
  try {
    rmdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The root-relative file a replacement of `path` lands on (a symlink's final target,
 * so the link is kept; relative to the root's real path, as the target's is) and the
 * mode its temp gets (atomic-write.ts decides both).
 */
function landingOf(root: string, path: string): { readonly path: string; readonly mode: number | undefined } {
  const { target, mode } = replacementOf(join(root, path), path);
  if (target === join(root, path)) return { path, mode };
  return { path: relative(realpathSync(root), target), mode };
}
