import { afterAll } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
    if (copyOf !== undefined) cpSync(copyOf, dir, { recursive: true });
    return dir;
  };
}
