/**
 * Issue 16 item 1: decision files with block quotes or nested lists used to go to remark, which is
 * super-linear (nested lists, a line of `>`: minutes, or a stack overflow). `memdex check`
 * on each generated pathological file (bench/pathological.mjs, 200 kB) must end, with a
 * normal result. No timing assertion here: the per-MB figures are bench/linear.mjs's.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATHOLOGICAL } from '../../bench/pathological.mjs';
import { blockHeadings, MAX_NESTING } from '../../src/model/block-scan.js';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const SIZE = 200_000;
/** Generous: remark took minutes on these; the scanner takes well under a second. */
const CHECK_TIMEOUT_MS = 30_000;

describe('pathological markdown checks in bounded time', () => {
  test.each(Object.keys(PATHOLOGICAL))('%s', (name) => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-linear-'));
    dirs.push(root);
    mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
    writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n');
    writeFileSync(join(root, 'agents', 'decisions', 'patho.md'), PATHOLOGICAL[name]!(SIZE));
    const result = runCli(['check', '--root', root, '--format', 'json'], { timeout: CHECK_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 });
    expect(result.stderr).not.toMatch(/internal error|Maximum call stack/);
    expect([0, 1]).toContain(result.status);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
  });

  test('nesting deeper than MAX_NESTING is paragraph text, shallower is parsed', () => {
    const deep = `${'> '.repeat(MAX_NESTING + 5)}# Too deep\n`;
    const shallow = `${'> '.repeat(10)}# Deep enough\n`;
    expect(blockHeadings(deep).headings).toEqual([]);
    expect(blockHeadings(shallow).headings).toEqual([{ depth: 1, line: 1, column: 21 }]);
  });
});
