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
 * `recoverJournal(host, root)` runs at the start of every memdex command that
 * reads the tree; it costs one `exists` call when there is nothing to do, and
 * never waits for a lock unless a journal says the tree may be mid-migration.
 * The file operations are the host's primitives (src/node/tree-host.ts); the
 * protocol, its order and its recovery are here.
 *
 * Test switch: MEMDEX_TEST_CRASH_AFTER=k makes the writer SIGKILL itself after its
 * k-th file operation (0: before the first), to prove every crash point recovers.
 */
import { MemdexError } from '../core/errors.js';
import { journalMessages as msg } from '../messages/journal.js';
import { JOURNAL_FILE, STATE_DIR } from '../model/journal-path.js';
import type { JournalFiles, JournalWrites, TreeHost } from './host.js';
import type { CommitHooks, Recovery } from './port-types.js';

const JOURNAL_TEMP = `${JOURNAL_FILE}.tmp`;
const LOCK_FILE = `${STATE_DIR}/migration.lock`;
const CRASH_SWITCH = 'MEMDEX_TEST_CRASH_AFTER';

/** The primitives the recovery runs on (every command that reads the tree). */
export type JournalHost = JournalFiles & Pick<TreeHost, 'exists' | 'joinPath' | 'readText'>;
/** And the writer's. */
export type JournalWriter = JournalWrites & Pick<TreeHost, 'env' | 'exists' | 'joinPath' | 'readText'>;

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

/**
 * Writes every file or none (see the protocol above). `changes`: root-relative path → new text.
 * A failed write is rolled back at once (its temps removed); the OsError then says whether anything changed.
 */
export function commitFiles(host: JournalWriter, root: string, changes: ReadonlyMap<string, string>, hooks: CommitHooks = {}): void {
  host.guardCommit(
    root,
    [...changes.keys()],
    () => writeJournaled(host, root, changes, hooks),
    () => recoverJournal(host, root),
  );
}

function writeJournaled(host: JournalWriter, root: string, changes: ReadonlyMap<string, string>, hooks: CommitHooks): void {
  const at = (path: string) => host.joinPath(root, path);
  const step = crashSwitch(host);
  step();
  host.makeDir(at(STATE_DIR));
  host.withLock(at(LOCK_FILE), () => {
    recoverLocked(host, root);
    // Each change lands where the atomic writer would put it: through symlinks, with the target's mode.
    const landing = [...changes].map(([path, text]) => ({ ...host.landingOf(root, path), text }));
    const files: JournalFile[] = landing.map(({ path, text }) => ({ path, temp: tempFor(path), sha256: host.sha256(text) }));
    writeJournal(host, root, { version: 1, state: 'prepared', files });
    step();
    for (const [i, file] of files.entries()) {
      host.writeSynced(at(file.temp), landing[i]!.text, landing[i]!.mode);
      step();
    }
    writeJournal(host, root, { version: 1, state: 'committed', files });
    step();
    files.forEach((file, i) => {
      host.rename(at(file.temp), at(file.path));
      step();
      hooks.progress?.(i + 1, files.length);
    });
    for (const dir of foldersOf(host, root, files)) host.syncDir(dir);
    host.removeFile(at(JOURNAL_FILE));
    host.syncDir(at(STATE_DIR));
    step();
  });
  host.removeEmptyFolder(at(STATE_DIR)); // not empty: other memdex state lives there
}

/**
 * Finishes or rolls back a migration that was interrupted, so the tree is entirely
 * old or entirely new. Undefined when there was nothing to recover.
 */
export function recoverJournal(host: JournalHost, root: string): Recovery | undefined {
  const at = (path: string) => host.joinPath(root, path);
  if (!host.exists(at(STATE_DIR))) return undefined;
  if (![JOURNAL_FILE, JOURNAL_TEMP].some((p) => host.exists(at(p)))) {
    // No journal: the tree is whole (a writer with only a lock has not touched it yet). A reader
    // does not wait; it only clears a lock, or an empty state folder, that a killed process left.
    host.removeAbandonedLock(at(LOCK_FILE));
    host.removeEmptyFolder(at(STATE_DIR));
    return undefined;
  }
  // A live writer in the `prepared` state has not touched the tree yet: a reader need not wait for it.
  if (!host.removeAbandonedLock(at(LOCK_FILE)) && journalState(host, root) === 'prepared') return undefined;
  const result = host.withLock(at(LOCK_FILE), () => recoverLocked(host, root));
  host.removeEmptyFolder(at(STATE_DIR));
  return result;
}

/** The journal's state as a reader sees it (it is replaced atomically), or undefined. */
function journalState(host: JournalHost, root: string): Journal['state'] | undefined {
  try {
    return (JSON.parse(host.readText(host.joinPath(root, JOURNAL_FILE), JOURNAL_FILE)) as Journal).state;
  } catch {
    return undefined;
  }
}

function recoverLocked(host: JournalHost, root: string): Recovery | undefined {
  const at = (path: string) => host.joinPath(root, path);
  host.removeFile(at(JOURNAL_TEMP)); // a journal update that never landed
  if (!host.exists(at(JOURNAL_FILE))) return undefined;
  const journal = readJournal(host, root);
  for (const file of journal.files) {
    const temp = at(file.temp);
    if (journal.state === 'committed') {
      if (host.exists(temp)) host.rename(temp, at(file.path));
    } else host.removeFile(temp);
  }
  for (const dir of foldersOf(host, root, journal.files)) host.syncDir(dir);
  host.removeFile(at(JOURNAL_FILE));
  host.syncDir(at(STATE_DIR));
  return { outcome: journal.state === 'committed' ? 'rolled-forward' : 'rolled-back', files: journal.files.length };
}

function readJournal(host: JournalHost, root: string): Journal {
  let value: Journal;
  try {
    value = JSON.parse(host.readText(host.joinPath(root, JOURNAL_FILE), JOURNAL_FILE)) as Journal;
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

function writeJournal(host: JournalWriter, root: string, journal: Journal): void {
  const temp = host.joinPath(root, JOURNAL_TEMP);
  host.writeSynced(temp, `${JSON.stringify(journal, null, 2)}\n`);
  host.rename(temp, host.joinPath(root, JOURNAL_FILE));
  host.syncDir(host.joinPath(root, STATE_DIR));
}

/** The folders holding these targets, each once (their renames are made durable by syncing them). */
function foldersOf(host: JournalHost, root: string, files: readonly JournalFile[]): Set<string> {
  return new Set(files.map((f) => host.joinPath(root, f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) : '.')));
}

/** Fixed per target, so a journal can only ever name temps memdex itself creates. */
function tempFor(path: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.memdex-migrate.tmp`;
}

/** The test switch: a step counter that SIGKILLs this process after the k-th file operation. */
function crashSwitch(host: Pick<JournalWriter, 'env' | 'killSelf'>): () => void {
  const raw = host.env[CRASH_SWITCH];
  if (raw === undefined || !/^\d+$/.test(raw)) return () => {};
  const limit = Number(raw);
  let done = -1;
  return () => {
    done++;
    if (done === limit) host.killSelf();
  };
}
