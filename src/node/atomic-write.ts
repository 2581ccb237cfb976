import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `path` with `data` so that a reader sees the old file or the new one,
 * never a torn mix: write a temp file in the same directory (rename across
 * filesystems is not atomic), fsync it, rename it over the target, fsync the dir.
 * Atomicity is not isolation: read-modify-write callers must also hold a lock
 * (see lock.ts), or concurrent updates are lost.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = tempPathFor(path);
  try {
    writeAndSync(tmp, data);
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file may not exist; the original error is what matters
    }
    throw error;
  }
  fsyncDir(dirname(path));
}

/** A unique sibling temp name: `.name.<pid>.<random>.tmp`. */
export function tempPathFor(path: string): string {
  const rand = Math.random().toString(36).slice(2, 10);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${rand}.tmp`);
}

export function writeAndSync(path: string, data: string | Uint8Array, flags = 'w'): void {
  const fd = openSync(path, flags, 0o644);
  try {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    fsyncSync(fd);
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
