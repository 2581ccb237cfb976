/**
 * A `memdex` on PATH, as a global install puts it: a shell script in `<dir>/bin`
 * starting the built CLI. Returns the PATH with that folder first.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CLI } from './run-cli.js';

export function memdexOnPath(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeMemdexShim(join(bin, 'memdex'));
  return `${bin}${delimiter}${process.env.PATH ?? ''}`;
}

/** An executable script at `path` that runs the built CLI with its arguments (a project's node_modules/.bin/memdex too). */
export function writeMemdexShim(path: string): void {
  writeFileSync(path, `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(path, 0o755);
}
