/**
 * Reading a file that a query can direct (a decision file: `..file.md`, `.Heading`,
 * a trigger's printed file) without a check-then-open race (issue 16 §12).
 *
 * Checking that `agents/decisions/flip.md` resolves inside the folder and then
 * opening it leaves a window in which the symlink can be swapped for one pointing
 * outside: the check passes, the open reads the outside file. So the order is
 * reversed: open first, then verify what was opened.
 *
 *   1. open the path (O_NONBLOCK: a FIFO cannot hang the open) and fstat the
 *      descriptor: only a regular file is read;
 *   2. after the open, resolve the path's real location and stat it: it must lie
 *      inside the folder's real location AND be the very file that was opened
 *      (same device and inode). A swap before the open is caught by the location,
 *      a swap after it by the identity: the outside file and the inside one are
 *      different inodes;
 *   3. read through the descriptor, never through the path again.
 *
 * Symlinks that stay inside the folder are followed (working-tree.ts lists them),
 * and the folder itself may be a symlink: that is the repository owner's choice.
 * The check costs one realpath and one stat per file, on files already being read.
 */
import { closeSync, constants, fstatSync, openSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { InputError } from '../core/errors.js';
import { hostMessages } from '../messages/host.js';
import { decodeText, describeFsError, readDescriptor, readText } from './read-text.js';

/** The text of `relPath` inside `folder`, verified after opening; undefined when it does not exist. */
export function readConfined(folder: string, relPath: string, displayPath = relPath): string | undefined {
  let fd: number;
  try {
    fd = openSync(join(folder, relPath), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
    throw new InputError(describeFsError(error, displayPath));
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw new InputError(hostMessages.notRegularFile(displayPath));
    if (!insideAndSame(folder, relPath, opened)) throw new InputError(hostMessages.outsideFolder(displayPath));
    return decodeText(readDescriptor(fd, displayPath), displayPath);
  } finally {
    closeSync(fd);
  }
}

/** A tree file by root-relative path: confined when it is in the decisions folder (`decisions`, root-relative). */
export function readTreeText(root: string, decisions: string, path: string): string {
  if (!path.startsWith(`${decisions}/`)) return readText(join(root, path), path);
  const text = readConfined(join(root, decisions), path.slice(decisions.length + 1), path);
  if (text === undefined) throw new InputError(describeFsError({ code: 'ENOENT' }, path));
  return text;
}

function insideAndSame(folder: string, relPath: string, opened: { dev: number; ino: number }): boolean {
  try {
    // realpath(3) itself: one system call, where the JavaScript version lstat-s every component
    const real = realpathSync.native(join(folder, relPath));
    if (!real.startsWith(realpathSync.native(folder) + sep)) return false;
    const now = statSync(real);
    return now.dev === opened.dev && now.ino === opened.ino;
  } catch {
    return false; // swapped away or removed between the open and the check: not provably inside
  }
}
