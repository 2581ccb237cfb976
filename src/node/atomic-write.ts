import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError, MemdexError } from '../core/errors.js';
import { fileMessages as msg } from '../messages/files.js';
import { kindOf, readRegularFile } from './read-text.js';
import type { WriteOptions } from '../app/port-types.js';

export function writeFileAtomic(path: string, data: string | Uint8Array | Iterable<string | Uint8Array>, options: WriteOptions = {}): void {
  const display = options.display ?? path;
  const { target, mode } = replacementOf(path, display);
  if (options.sweep !== false) removeStaleTemps(dirname(target), `.${basename(target)}`, '.tmp');
  const tmp = tempPathFor(target);
  try {
    writeAndSync(tmp, data, 'wx', mode, options.durable !== false);
    if (options.expected !== undefined && currentText(target, display) !== options.expected) {
      throw new MemdexError(msg.changedUnderneath(display), 1);
    }
    renameSync(tmp, target);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file may not exist; the original error is what matters
    }
    throw error;
  }
  if (options.durable !== false) fsyncDir(dirname(target));
}

/**
 * What a rewrite of `path` by temp + rename must replace, so that links and modes are
 * kept: the final target of a symlink chain (the link stays, its target is updated),
 * and that file's mode for the temp (the umask must not widen a 600 file). A target
 * that is not a regular file is refused (a rename over a FIFO or a device, `-o` a link
 * to /dev/zero run as root, would replace it); a hard link, which a rename cannot
 * keep, is said in one line; a read-only file (no write bit for anyone) is refused, naming
 * it, before anything is written. The one place writers (this one, the journal) decide it.
 */
export function replacementOf(path: string, display: string): { readonly target: string; readonly mode: number | undefined } {
  const { target, old } = refuseUnreplaceable(path, display);
  if (old && old.nlink > 1) process.stderr.write(`${msg.breaksHardLink(display, old.nlink)}\n`);
  return { target, mode: old ? old.mode & 0o7777 : undefined };
}

/**
 * The refusals of replacementOf alone (not a regular file, read-only), with nothing
 * written or printed: a writer of several files (`init`) asks first for every target,
 * so that it writes all of them or none.
 */
export function refuseUnreplaceable(path: string, display: string): { readonly target: string; readonly old: ReturnType<typeof statIfExists> } {
  const target = resolveTarget(path);
  const old = statIfExists(target);
  if (old && !old.isFile()) throw new InputError(msg.notRegular(display, kindOf(old)));
  // A rename needs only the folder's write permission (and root ignores modes): without this, a file its owner made
  // read-only would be rewritten anyway, with its read-only mode kept.
  if (old && (old.mode & 0o222) === 0) throw new InputError(msg.readOnly(display, old.mode));
  return { target, old };
}

/** A unique sibling temp name: `.name.<pid>.<random>.tmp`. */
export function tempPathFor(path: string): string {
  const rand = Math.random().toString(36).slice(2, 10);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${rand}.tmp`);
}

/**
 * Removes `<prefix>.<pid>.<random><suffix>` files in `dir` whose pid is not running:
 * the temps of writers killed between creating and renaming them.
 */
export function removeStaleTemps(dir: string, prefix: string, suffix: string): void {
  removeDeadTemps(dir, (name) => {
    if (!name.startsWith(`${prefix}.`) || !name.endsWith(suffix)) return undefined;
    return /^(\d+)\.[0-9a-z]+$/.exec(name.slice(prefix.length + 1, name.length - suffix.length))?.[1];
  });
}

/** A temp of writeFileAtomic (`.<name>.<pid>.<random>.tmp`) or of a lock (`<name>.lock.<pid>.<random>.new`, lock.ts). */
const ANY_TEMP = /^(?:\..+\.(\d+)\.[0-9a-z]+\.tmp|.+\.lock\.(\d+)\.[0-9a-z]+\.new)$/;

/** removeStaleTemps for every file of `dir`: the sweep of a folder whose writes skip it (WriteOptions.sweep). */
export function removeAllStaleTemps(dir: string): void {
  removeDeadTemps(dir, (name) => {
    const match = ANY_TEMP.exec(name);
    return match?.[1] ?? match?.[2];
  });
}

/** Removes the files of `dir` that `writerPid` names a temp of a process no longer running. */
function removeDeadTemps(dir: string, writerPid: (name: string) => string | undefined): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = writerPid(name);
    if (pid === undefined || processAlive(Number(pid))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // another writer removed it first
    }
  }
}

/** `data` in pieces (a report as it is rendered) is written a piece at a time: the whole is never one string. */
export function writeAndSync(path: string, data: string | Uint8Array | Iterable<string | Uint8Array>, flags = 'w', mode?: number, sync = true): void {
  const fd = openSync(path, flags, mode ?? 0o644);
  try {
    if (mode !== undefined) fchmodSync(fd, mode); // the umask must not widen or narrow a kept mode
    const pieces = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
    for (const piece of pieces) {
      const buffer = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      let written = 0;
      while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    }
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a completed rename durable. Not every platform can fsync a directory. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // EISDIR/EPERM on some platforms: the rename itself is still atomic
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The file a write to `path` must replace: the final target of a symlink chain, else `path`. */
function resolveTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // does not exist yet (or a dangling link: then the link itself is replaced)
  }
}

function statIfExists(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function currentText(path: string, display: string): string | undefined {
  if (!statIfExists(path)) return undefined;
  return readRegularFile(path, display);
}
