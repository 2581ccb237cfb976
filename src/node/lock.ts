import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileMessages } from '../messages/files.js';
import { MemdexError } from '../core/errors.js';
import { processAlive, removeStaleTemps } from './atomic-write.js';
import type { LockOptions } from '../app/port-types.js';

/**
 * An exclusive lock file holding `pid timestamp token`. It serialises read-modify-write
 * on shared JSON state and the migration journal across processes (measured here:
 * 8 processes x 50 updates keep 400/400 with a lock, ~15% without).
 *
 * Creation never shows a half-written lock: the content goes to a private temp file
 * first, which is then hard-linked to the lock name (link(2) fails if the name exists,
 * like O_EXCL, and the file appears whole). So an empty or unparsable lock file was not
 * written by a live memdex: it is abandoned.
 *
 * A lock is abandoned, and taken over at once, when it is empty or unparsable, when it is
 * a symlink (dangling or not: memdex links a regular file), when its pid is gone, or when
 * its mtime is in the future (clock skew, a copied tree); and, because pids are reused,
 * when it is older than `staleMs`. A folder at the lock path cannot be removed safely
 * (it may hold someone's files): a writer is refused at once with a message naming it,
 * and a reader, which only clears abandoned locks, goes on.
 *
 * Takeover must not let two processes in. Removing an abandoned lock and creating a new
 * one are two steps, so they happen under a second lock, `<lock>.takeover`, held for a
 * few system calls only: its holder re-reads the lock, checks it is still the same
 * abandoned one, removes it, and links its own. A takeover lock older than
 * TAKEOVER_STALE_MS (its holder died within those few calls), dated in the future, or
 * not a regular file, is removed by whoever sees it.
 */

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_MS = 30_000;
/** Backoff bounds while waiting: short enough for 400 updates/s, long enough not to spin. */
const MIN_WAIT_MS = 1;
const MAX_WAIT_MS = 25;
/** Clocks of one machine agree within this; an mtime further ahead is skew, not a live writer. */
const FUTURE_TOLERANCE_MS = 2_000;
/** The takeover lock is held for a handful of system calls; one this old was left by a killed process. */
const TAKEOVER_STALE_MS = 1_000;
/** A lock file is one short line; reading more would only be a corrupt file. */
const MAX_LOCK_BYTES = 256;

export function withLockSync<T>(lockPath: string, fn: () => T, options: LockOptions = {}): T {
  const token = acquireSync(lockPath, options);
  try {
    return fn();
  } finally {
    release(lockPath, token);
  }
}

/**
 * Takes the lock if it is free (or abandoned) now, without waiting: for work of
 * which one runner is enough (the background learning runner). Returns the release
 * function, or undefined when another live process holds it.
 */
export function tryLock(lockPath: string, staleMs = DEFAULT_STALE_MS): (() => void) | undefined {
  const token = newToken();
  if (!tryAcquire(lockPath, token, staleMs)) return undefined;
  return () => release(lockPath, token);
}

/**
 * Removes `lockPath` if it is abandoned (see above), without waiting: readers use it to
 * clean up after a killed writer. True when no lock is left.
 */
export function removeIfAbandoned(lockPath: string, staleMs = DEFAULT_STALE_MS): boolean {
  const seen = readLock(lockPath);
  if (seen === undefined || seen.folder) return true; // a folder is no lock a writer holds; withLockSync names it
  if (!isAbandoned(seen, staleMs)) return false;
  return takeOver(lockPath, seen, staleMs, undefined);
}

interface SeenLock {
  readonly text: string;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly folder?: true;
}

/** A folder at the lock path (or its takeover guard) would make a writer wait out its timeout: refused at once. */
function lockIsFolder(path: string): MemdexError {
  return new MemdexError(fileMessages.lockIsFolder(path), 2);
}

/**
 * What this holder writes into the lock and checks before releasing it: pid and time
 * make it unique, the random part guards against a reused pid within one millisecond.
 * Not a secret (whoever can write the lock folder can remove the lock), so not
 * node:crypto: loading it costs the prompt hook, which takes a lock on every first
 * prompt, a few milliseconds.
 */
function newToken(): string {
  return `${process.pid} ${Date.now()} ${randomPart()}\n`;
}

/** 12 hex digits (48 bits): the form isAbandoned expects. */
function randomPart(): string {
  return Math.floor(Math.random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0');
}

/** Creates `path` holding `content`, or returns false if it exists. Never leaves a partial file. */
function createWhole(path: string, content: string): boolean {
  const temp = `${path}.${process.pid}.${randomPart()}.new`;
  const fd = openSync(temp, 'wx', 0o644);
  try {
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    // A full disk (ENOSPC) or a quota, on the write or the close: the temp goes too, or it would stay beside the store for good.
    unlinkQuietly(temp);
    throw error;
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkQuietly(temp);
  }
}

function tryAcquire(lockPath: string, token: string, staleMs: number, sweep = true): boolean {
  if (createWhole(lockPath, token)) {
    if (sweep) removeStaleTemps(dirname(lockPath), basename(lockPath), '.new'); // of a process killed inside createWhole
    return true;
  }
  const seen = readLock(lockPath);
  if (seen === undefined) return false; // released meanwhile: retry at once
  if (seen.folder) throw lockIsFolder(lockPath);
  return isAbandoned(seen, staleMs) && takeOver(lockPath, seen, staleMs, token);
}

/** The lock as it is now (content and identity), or undefined when there is none. */
function readLock(lockPath: string): SeenLock | undefined {
  let fd: number;
  try {
    fd = openSync(lockPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') return undefined;
    try {
      const link = lstatSync(lockPath); // a symlink, even a dangling one, is no lock memdex wrote: abandoned
      return { text: '', ino: link.ino, mtimeMs: link.mtimeMs };
    } catch {
      return undefined;
    }
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { text: '', ino: stat.ino, mtimeMs: stat.mtimeMs, folder: true };
    if (!stat.isFile()) return { text: '', ino: stat.ino, mtimeMs: stat.mtimeMs }; // not a lock memdex wrote
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const n = readSync(fd, buffer, 0, MAX_LOCK_BYTES, 0);
    return { text: buffer.subarray(0, n).toString('utf8'), ino: stat.ino, mtimeMs: stat.mtimeMs };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function isAbandoned(seen: SeenLock, staleMs: number): boolean {
  const match = /^(\d+) \d+ [0-9a-f]+\n$/.exec(seen.text) ?? /^(\d+) \d+\n?$/.exec(seen.text); // older memdex wrote `pid time`
  if (!match) return true; // empty or unparsable: no live memdex writes such a file
  const pid = Number(match[1]);
  if (!processAlive(pid)) return true;
  const age = Date.now() - seen.mtimeMs;
  return age < -FUTURE_TOLERANCE_MS || age > staleMs;
}

/** Under the takeover lock: if `lockPath` is still the abandoned `seen`, replace it by `token` (or just remove it). */
function takeOver(lockPath: string, seen: SeenLock, staleMs: number, token: string | undefined): boolean {
  const guard = `${lockPath}.takeover`;
  if (!createWhole(guard, newToken())) {
    const held = readLock(guard);
    if (held?.folder) {
      if (token === undefined) return false; // a reader clearing up: leaves it to the writer's message
      throw lockIsFolder(guard);
    }
    const age = held === undefined ? 0 : Date.now() - held.mtimeMs;
    if (held && (age > TAKEOVER_STALE_MS || age < -FUTURE_TOLERANCE_MS || !/^\d+ \d+ [0-9a-f]+\n$/.test(held.text))) unlinkQuietly(guard);
    return false; // another process is taking over: retry
  }
  try {
    const now = readLock(lockPath);
    if (now !== undefined) {
      if (now.ino !== seen.ino || now.text !== seen.text || !isAbandoned(now, staleMs)) return false;
      unlinkSync(lockPath);
    }
    return token === undefined ? true : createWhole(lockPath, token);
  } finally {
    unlinkQuietly(guard);
  }
}

const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleepBuffer, 0, 0, ms);
}

function acquireSync(lockPath: string, options: LockOptions): string {
  const token = newToken();
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let wait = MIN_WAIT_MS;
  while (!tryAcquire(lockPath, token, options.staleMs ?? DEFAULT_STALE_MS, options.sweep !== false)) {
    if (Date.now() > deadline) throw lockTimeout(lockPath);
    sleepSync(wait + Math.random() * wait);
    wait = Math.min(MAX_WAIT_MS, wait * 2);
  }
  return token;
}

/** Removes the lock only if it is still ours: one taken over as stale now belongs to another process. */
function release(lockPath: string, token: string): void {
  if (readLock(lockPath)?.text !== token) return;
  unlinkQuietly(lockPath);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}

function lockTimeout(lockPath: string): MemdexError {
  return new MemdexError(fileMessages.lockTimeout(lockPath), 2);
}
