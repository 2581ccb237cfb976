import { afterAll } from '@jest/globals';
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example project (fixtures/example): a clean tree most CLI tests start from. */
export const EXAMPLE = fileURLToPath(new URL('../../fixtures/example', import.meta.url));

/**
 * A maker of temp folders named `<prefix>XXXXXX`, every one removed after the test
 * file's tests: `const temp = tempDirs('memdex-writes-')`, then `temp()` per test, or
 * `temp(EXAMPLE)` for a fresh copy of a tree.
 */
export function tempDirs(prefix: string): (copyOf?: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (copyOf) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    if (copyOf !== undefined) copyWritable(copyOf, dir);
    return dir;
  };
}

/**
 * A copy of a tree its owner can write: the shared corpora are read-only (0444, 0555),
 * cpSync keeps modes, and memdex refuses to rewrite a read-only file (issue 27 item 17).
 */
export function copyWritable(source: string, dir: string): void {
  cpSync(source, dir, { recursive: true });
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    chmodSync(path, stat.mode | 0o200);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
}
