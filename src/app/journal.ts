/**
 * Multi-file all-or-nothing writes through a journal (rename(2) is atomic per file
 * only). The protocol, each step durable (fsync) before the next:
 *
 *   1. journal `prepared`  lists every target and its temp file     crash → roll back
 *   2. temp files          new contents beside their targets         crash → roll back
 *   3. journal `committed` the commit point                          crash → roll forward
 *   4. renames             each temp over its target                 crash → roll forward
 *   5. journal removed
 *
 * Roll back = delete the temps (no target was touched before step 3). Roll forward
 * = rename the temps that are still there (a missing temp was already renamed).
 * Both are idempotent, so a crash during recovery is recovered again. The journal
 * itself is replaced atomically (temp + rename): it is never half-written.
 * `recoverPendingJournal(root)` runs at the start of every memdex command that
 * reads the tree; it costs one `existsSync` call when there is nothing to do, and
 * never waits for a lock unless a journal says the tree may be mid-migration.
 *
 * Test switch: MEMDEX_TEST_CRASH_AFTER=k makes the writer SIGKILL itself after its
 * k-th file operation (0: before the first), to prove every crash point recovers.
 */
import { crypto } from './crypto.js';
import { existsSync, mkdirSync, realpathSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { MemdexError } from '../core/errors.js';
import { migrateMessages as msg } from '../messages/migrate.js';
import { fsyncDir, replacementOf, writeAndSync } from './atomic-write.js';
import { readRegularFile } from './read-text.js';
import { removeIfAbandoned, withLockSync } from './lock.js';
import type { CommitHooks, Recovery } from '../app/port-types.js';

import { JOURNAL_FILE, STATE_DIR } from './journal-path.js';

export { JOURNAL_FILE, STATE_DIR };
const JOURNAL_TEMP = `${JOURNAL_FILE}.tmp`;
const LOCK_FILE = `${STATE_DIR}/migration.lock`;
const CRASH_SWITCH = 'MEMDEX_TEST_CRASH_AFTER';

interface JournalFile {
  /** Root-relative target. */
  readonly path: string;
  /** Root-relative temp file beside it. */
  readonly temp: string;
  readonly sha256: string;
}

interface Journal {
  readonly version: 1;
  readonly state: 'prepared' | 'committed';
  readonly files: readonly JournalFile[];
}

/** Writes every file or none (see the protocol above). `changes`: root-relative path → new text. */
export function commitFiles(root: string, changes: ReadonlyMap<string, string>, hooks: CommitHooks = {}): void {
  const step = crashSwitch();
  step();
  mkdirSync(join(root, STATE_DIR), { recursive: true });
  withLockSync(join(root, LOCK_FILE), () => {
    recoverLocked(root);
    // Each change lands where atomic-write.ts's writer would put it: through symlinks, with the target's mode.
    const landing = [...changes].map(([path, text]) => ({ ...landingOf(root, path), text }));
    const files: JournalFile[] = landing.map(({ path, text }) => ({ path, temp: tempFor(path), sha256: sha256(text) }));
    writeJournal(root, { version: 1, state: 'prepared', files });
    step();
    for (const [i, file] of files.entries()) {
      writeAndSync(join(root, file.temp), landing[i]!.text, 'w', landing[i]!.mode);
      step();
    }
    writeJournal(root, { version: 1, state: 'committed', files });
    step();
    files.forEach((file, i) => {
      renameSync(join(root, file.temp), join(root, file.path));
      step();
      hooks.progress?.(i + 1, files.length);
    });
    for (const dir of new Set(files.map((f) => dirname(join(root, f.path))))) fsyncDir(dir);
    unlinkSync(join(root, JOURNAL_FILE));
    fsyncDir(join(root, STATE_DIR));
    step();
  });
  removeStateDirIfEmpty(root);
}

/**
 * Finishes or rolls back a migration that was interrupted, so the tree is entirely
 * old or entirely new. Undefined when there was nothing to recover.
 */
export function recoverPendingJournal(root: string): Recovery | undefined {
  if (!existsSync(join(root, STATE_DIR))) return undefined;
  if (![JOURNAL_FILE, JOURNAL_TEMP].some((p) => existsSync(join(root, p)))) {
    // No journal: the tree is whole (a writer with only a lock has not touched it yet). A reader
    // does not wait; it only clears a lock, or an empty state folder, that a killed process left.
    removeIfAbandoned(join(root, LOCK_FILE));
    removeStateDirIfEmpty(root);
    return undefined;
  }
  // A live writer in the `prepared` state has not touched the tree yet: a reader need not wait for it.
  if (!removeIfAbandoned(join(root, LOCK_FILE)) && journalState(root) === 'prepared') return undefined;
  const result = withLockSync(join(root, LOCK_FILE), () => recoverLocked(root));
  removeStateDirIfEmpty(root);
  return result;
}

/** The journal's state as a reader sees it (it is replaced atomically), or undefined. */
function journalState(root: string): Journal['state'] | undefined {
  try {
    return (JSON.parse(readRegularFile(join(root, JOURNAL_FILE), JOURNAL_FILE)) as Journal).state;
  } catch {
    return undefined;
  }
}

function recoverLocked(root: string): Recovery | undefined {
  const journalPath = join(root, JOURNAL_FILE);
  removeIfExists(join(root, JOURNAL_TEMP)); // a journal update that never landed
  if (!existsSync(journalPath)) return undefined;
  const journal = readJournal(journalPath);
  for (const file of journal.files) {
    const temp = join(root, file.temp);
    if (journal.state === 'committed') {
      if (existsSync(temp)) renameSync(temp, join(root, file.path));
    } else removeIfExists(temp);
  }
  for (const dir of new Set(journal.files.map((f) => dirname(join(root, f.path))))) fsyncDir(dir);
  unlinkSync(journalPath);
  fsyncDir(join(root, STATE_DIR));
  return { outcome: journal.state === 'committed' ? 'rolled-forward' : 'rolled-back', files: journal.files.length };
}

function readJournal(path: string): Journal {
  let value: Journal;
  try {
    value = JSON.parse(readRegularFile(path, JOURNAL_FILE)) as Journal;
  } catch (error) {
    throw new MemdexError(msg.badJournal(JOURNAL_FILE, (error as Error).message), 2);
  }
  const valid =
    value?.version === 1 &&
    (value.state === 'prepared' || value.state === 'committed') &&
    Array.isArray(value.files) &&
    value.files.every((f) => typeof f.path === 'string' && typeof f.temp === 'string' && f.temp === tempFor(f.path));
  if (!valid) throw new MemdexError(msg.badJournal(JOURNAL_FILE, 'unexpected content'), 2);
  return value;
}

function writeJournal(root: string, journal: Journal): void {
  const temp = join(root, JOURNAL_TEMP);
  writeAndSync(temp, `${JSON.stringify(journal, null, 2)}\n`);
  renameSync(temp, join(root, JOURNAL_FILE));
  fsyncDir(join(root, STATE_DIR));
}

/**
 * The root-relative file a change to `path` replaces (a symlink's final target, so
 * the link is kept; relative to the root's real path, as the target's is) and the
 * mode its temp gets.
 */
function landingOf(root: string, path: string): { readonly path: string; readonly mode: number | undefined } {
  const { target, mode } = replacementOf(join(root, path), path);
  if (target === join(root, path)) return { path, mode };
  return { path: relative(realpathSync(root), target), mode };
}

/** Fixed per target, so a journal can only ever name temps memdex itself creates. */
function tempFor(path: string): string {
  const dir = path.includes('/') ? `${path.slice(0, path.lastIndexOf('/'))}/` : '';
  return `${dir}.${basename(path)}.memdex-migrate.tmp`;
}

function sha256(text: string): string {
  return crypto().createHash('sha256').update(text, 'utf8').digest('hex');
}

function removeIfExists(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function removeStateDirIfEmpty(root: string): void {
  try {
    rmdirSync(join(root, STATE_DIR));
  } catch {
    // not empty (other memdex state lives there) or already gone
  }
}

/** The test switch: a step counter that SIGKILLs this process after the k-th file operation. */
function crashSwitch(): () => void {
  const raw = process.env[CRASH_SWITCH];
  if (raw === undefined || !/^\d+$/.test(raw)) return () => {};
  const limit = Number(raw);
  let done = -1;
  return () => {
    done++;
    if (done === limit) process.kill(process.pid, 'SIGKILL');
  };
}
