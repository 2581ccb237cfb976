// Every temp folder of a test run (the tests' own, and the caches and copies of the
// CLIs they spawn, which inherit TMPDIR) goes under one folder, removed at the end:
// `npm test` leaves nothing in the OS temp dir, even when a test forgets to clean up.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup() {
  const root = mkdtempSync(join(tmpdir(), 'memdex-test-run-'));
  process.env.MEMDEX_TEST_TMP_ROOT = root;
  process.env.TMPDIR = root;
  process.env.TMP = root;
  process.env.TEMP = root;
}
