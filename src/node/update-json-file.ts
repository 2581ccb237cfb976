import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { withLockSync, type LockOptions } from './lock.js';
import { readTextIfExists } from './read-text.js';

/**
 * How one JSON state file is read, changed and written. `parse` gets
 * undefined for a missing file and throws (a MemdexError) to refuse a file it
 * must not overwrite; `update` returns undefined for "no change".
 */
export interface JsonFileUpdate<T> {
  readonly parse: (text: string | undefined) => T;
  readonly update: (value: T) => T | undefined;
  readonly serialize: (value: T) => string;
}

/**
 * Read-modify-write of shared JSON state under the lock `<path>.lock`:
 * re-read the latest file under the lock, change it, write a temp file beside
 * it and rename it over (readers, who never lock, see the old or the new file,
 * never a torn one). Keep `update` fast: other hooks wait on the lock.
 * Returns the value now on disk.
 *
 * MERGE NOTE: the playbook library writes `.claude/playbook.json` the same way;
 * at merge this and its writer become one adapter.
 */
export function updateJsonFile<T>(path: string, io: JsonFileUpdate<T>, options: LockOptions = {}): T {
  mkdirSync(dirname(path), { recursive: true });
  return withLockSync(
    `${path}.lock`,
    () => {
      const current = io.parse(readTextIfExists(path));
      const next = io.update(current);
      if (next === undefined) return current;
      writeFileAtomic(path, io.serialize(next));
      return next;
    },
    options,
  );
}
