/**
 * Work a test run does once and every suite shares, whichever jest worker asks first
 * (the packed tarball, an installed copy of it: test/helpers/packed.ts).
 *
 * The first caller of `runOnce(name, make)` creates `<run temp root>/once/<name>/`
 * (mkdir is atomic: exactly one caller, in any worker, succeeds), runs `make` in it and
 * writes the value next to it as `<name>.json`; every other caller, in this process or
 * another, waits for that file, or for `<name>.failed` saying why the maker failed. The
 * run temp root is the one folder global-setup.mjs makes for the run (removed at its
 * end), so nothing outlives the run and a suite run alone makes what it needs itself.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long a caller waits for another worker's maker (packing builds the package: minutes on a loaded machine). */
const WAIT_MS = 15 * 60_000;
const POLL_MS = 100;

const made = new Map<string, unknown>();
let fallbackRoot: string | undefined;

function runRoot(): string {
  const root = process.env.MEMDEX_TEST_TMP_ROOT;
  if (root !== undefined && root !== '') return root;
  // Outside `npm test`'s global setup (a script importing the helper): shared within this process only.
  fallbackRoot ??= mkdtempSync(join(tmpdir(), 'memdex-test-once-'));
  return fallbackRoot;
}

/** Blocks this thread (the callers are synchronous test set-ups; a worker has nothing else to do meanwhile). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function runOnce<T>(name: string, make: (dir: string) => T): T {
  if (made.has(name)) return made.get(name) as T;
  const base = join(runRoot(), 'once');
  mkdirSync(base, { recursive: true });
  const dir = join(base, name);
  const done = `${dir}.json`;
  const failed = `${dir}.failed`;
  let value: T;
  if (claim(dir)) {
    try {
      value = make(dir);
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    writeFileSync(`${done}.tmp`, JSON.stringify(value));
    renameSync(`${done}.tmp`, done);
  } else {
    const deadline = Date.now() + WAIT_MS;
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error(`${name}, made by another test worker, failed:\n${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS} ms for another test worker to make ${name} (${dir})`);
      pause(POLL_MS);
    }
    value = JSON.parse(readFileSync(done, 'utf8')) as T;
  }
  made.set(name, value);
  return value;
}

function claim(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
