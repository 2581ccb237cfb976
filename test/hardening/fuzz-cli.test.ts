/**
 * Whole-CLI fuzzing: generated trees (fuzz-targets.ts) through the built `memdex check`,
 * `check --fix` and `when`. Every exit code is 0, 1 or 2, never a stack trace or an
 * internal error, never a hang (spawn timeout). FUZZ_CLI_RUNS sets the count.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { CASE_LIMIT_MS, cliTrees } from './fuzz-targets.js';

const RUNS = Number(process.env.FUZZ_CLI_RUNS ?? 3);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const root = mkdtempSync(join(tmpdir(), 'memdex-fuzz-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`CLI fuzz (${RUNS} trees)`, () => {
  test('check, check --fix and when exit 0, 1 or 2 with a message, never an internal error', () => {
    let n = 0;
    fc.assert(
      fc.property(cliTrees, fc.constantFrom('writing tests', 'encode file paths', '..testing.md', '.When'), (texts, query) => {
        const dir = join(root, String(n++));
        for (const [path, text] of texts) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), text);
        }
        for (const args of [['check', '--root', dir], ['check', '--fix', '--root', dir], ['when', query, '--root', dir]]) {
          const result = runCli(args, { timeout: CASE_LIMIT_MS });
          expect([0, 1, 2]).toContain(result.status);
          expect(result.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
        }
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  }, Math.max(60_000, RUNS * 15_000));
});
