import type { AgentHost, TreeHost } from './host.js';
import type { LockOptions } from './port-types.js';

/** The primitives a locked read-modify-write takes. */
export type JsonStateHost = Pick<TreeHost, 'readTextIfExists'> & Pick<AgentHost, 'makeParentDir' | 'withLock' | 'replaceText'>;

/**
 * Read-modify-write of a JSON state file that several processes update at once
 * (hooks of parallel agent sessions). Every writer:
 *   1. takes the lock `<path>.lock` (src/node/lock.ts; waits, then fails with a message);
 *   2. re-reads the LATEST file under the lock: never a snapshot taken earlier;
 *   3. `parse`s it (undefined when the file does not exist yet). `parse` throws
 *      (a MemdexError naming the file) for a file it cannot understand: nothing is
 *      written, the file is left for the user to fix, never replaced by a default;
 *   4. `update`s the value: a pure function; return `undefined` for "no change";
 *   5. writes `serialize(value)` to a temp file beside the target, fsyncs it and
 *      renames it over the target (src/node/atomic-write.ts): readers, who never lock, see
 *      the old file or the new one, never a torn one. `durable` may say a value needs no
 *      fsync (its loss in a power cut costs nothing): then the rename alone.
 * Keep slow work (LLM calls, subprocesses) outside: do it first, then pass the
 * result in `update`. Returns the value now on disk.
 */
export function updateJsonFile<T>(
  host: JsonStateHost,
  path: string,
  parse: (text: string | undefined) => T,
  update: (current: T) => T | undefined,
  serialize: (value: T) => string,
  options: LockOptions & { readonly durable?: (value: T) => boolean } = {},
): T {
  host.makeParentDir(path);
  return host.withLock(
    `${path}.lock`,
    () => {
      const current = parse(host.readTextIfExists(path));
      const next = update(current);
      if (next === undefined) return current;
      host.replaceText(path, serialize(next), { ...(options.durable === undefined || options.durable(next) ? {} : { durable: false }), ...(options.sweep === false ? { sweep: false } : {}) });
      return next;
    },
    options,
  );
}
