import { statSync } from 'node:fs';
import { osErrorOf } from '../core/errors.js';
import { readRegularBytes } from './read-text.js';

/**
 * Runs a write and turns an operating-system failure (disk full, permission denied,
 * read-only file system...) into an OsError that says whether anything was changed:
 * verified, not assumed. The targets are compared byte for byte with what they held
 * before, after `recover` has rolled back what it could (a journal's temp files).
 * Other errors pass through unchanged: they are bugs.
 */
export function guardWrites<T>(targets: readonly string[], where: (error: { path?: unknown }) => string, write: () => T, recover?: () => void): T {
  const before = targets.map(snapshot);
  try {
    return write();
  } catch (error) {
    const described = where(error as { path?: unknown });
    if (osErrorOf(error, false, described) === undefined) throw error;
    try {
      recover?.();
    } catch {
      // the failure the user must see is the first one; the comparison below still tells the truth
    }
    const unchanged = targets.every((target, i) => sameSnapshot(before[i], snapshot(target)));
    throw osErrorOf(error, unchanged, described);
  }
}

/** The file's bytes, `missing`, or `unknown` when it cannot be read (then nothing is claimed). */
type Snapshot = Buffer | 'missing' | 'unknown';

function snapshot(path: string): Snapshot {
  try {
    statSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unknown';
  }
  try {
    return readRegularBytes(path); // the one reader: a FIFO or a device is not waited on
  } catch {
    return 'unknown';
  }
}

function sameSnapshot(a: Snapshot | undefined, b: Snapshot): boolean {
  if (a === undefined || a === 'unknown' || b === 'unknown') return false;
  if (a === 'missing' || b === 'missing') return a === b;
  return a.equals(b);
}
