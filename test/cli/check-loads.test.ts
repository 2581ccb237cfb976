/**
 * What `memdex check` compiles: the default check (a stylish report, no --fix) runs from
 * dist/check.cjs alone; the machine-readable formats, --fix-dry-run's diff, --fix and
 * chalk (a report with findings) are files of their own, loaded when used (issue 26
 * item 13). Through the built CLI; the reports themselves are checked by the format tests.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-check-loads-');
const scratch = mkdtempSync(join(tmpdir(), 'memdex-check-loads-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The files of dist/ one check loaded, by name, and its exit code. */
function loads(args: readonly string[], root: string): { status: number | null; files: string[] } {
  const record = recordLoads(temp());
  const result = runCli(['check', ...args, '--root', root], { env: { NODE_OPTIONS: record.nodeOptions, MEMDEX_CACHE_DIR: join(scratch, 'cache') } });
  return { status: result.status, files: [...new Set(record.files().map((file) => basename(file)))].sort() };
}

/** The example tree with one finding (an entry whose heading does not exist). */
function withFinding(): string {
  const root = temp(EXAMPLE);
  appendFileSync(join(root, 'agents', 'memory-index.md'), '/when nothing is written about this\n');
  return root;
}

describe('what a check loads', () => {
  test('a clean tree, stylish: check.cjs alone', () => {
    expect(loads([], temp(EXAMPLE))).toEqual({ status: 0, files: ['check.cjs'] });
  });

  test('findings, stylish: chalk besides, no other format', () => {
    expect(loads([], withFinding())).toEqual({ status: 1, files: ['chalk.cjs', 'check.cjs'] });
  });

  test.each(['json', 'sarif', 'junit', 'github'])('--format %s: the machine-readable formats, no chalk', (format) => {
    expect(loads(['--format', format], withFinding())).toEqual({ status: 1, files: ['check-formats.cjs', 'check.cjs'] });
  });

  test('--fix-dry-run: the fixer and the diff', () => {
    expect(loads(['--fix-dry-run'], withFinding()).files).toEqual(expect.arrayContaining(['check-diff.cjs', 'check-fix.cjs', 'check.cjs']));
  });

  test('--fix: the fixer, no diff', () => {
    const { files } = loads(['--fix'], withFinding());
    expect(files).toContain('check-fix.cjs');
    expect(files).not.toContain('check-diff.cjs');
  });
});
