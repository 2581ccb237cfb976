import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { withLockSync } from './lock.js';
import { writeFileAtomic } from './atomic-write.js';
import { readTextIfExists } from './read-text.js';
import type { LockOptions } from '../app/port-types.js';

/**
 * Read-modify-write of a JSON state file that several processes update at once
 * (hooks of parallel agent sessions). Every writer:
 *   1. takes the lock `<path>.lock` (lock.ts; waits, then fails with a message);
 *   2. re-reads the LATEST file under the lock: never a snapshot taken earlier;
 *   3. `parse`s it (undefined when the file does not exist yet). `parse` throws
 *      (a MemdexError naming the file) for a file it cannot understand: nothing is
 *      written, the file is left for the user to fix, never replaced by a default;
 *   4. `update`s the value: a pure function; return `undefined` for "no change";
 *   5. writes `serialize(value)` to a temp file beside the target, fsyncs it and
 *      renames it over the target (atomic-write.ts): readers, who never lock, see
 *      the old file or the new one, never a torn one.
 * Keep slow work (LLM calls, subprocesses) outside: do it first, then pass the
 * result in `update`. Returns the value now on disk.
 */
export function updateJsonFile<T>(
  path: string,
  parse: (text: string | undefined) => T,
  update: (current: T) => T | undefined,
  serialize: (value: T) => string,
  options: LockOptions = {},
): T {
  mkdirSync(dirname(path), { recursive: true });
  return withLockSync(
    `${path}.lock`,
    () => {
      const current = parse(readTextIfExists(path));
      const next = update(current);
      if (next === undefined) return current;
      writeFileAtomic(path, serialize(next));
      return next;
    },
    options,
  );
}
