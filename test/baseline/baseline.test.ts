/**
 * The baseline (core/baseline.ts), ESLint's bulk suppressions for memory trees: the
 * counts and the filter as a table, then `memdex baseline`, `check`, `check --fix`
 * and `doctor` on a real tree with errors (issue 23 item 2).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyBaseline, countErrors, parseBaseline, pruneBaseline, renderBaseline } from '../../src/core/baseline.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const at = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 2, offset: 1 } };
const finding = (path: string, ruleId: string, severity: 'error' | 'warning' = 'error', message = 'm'): Diagnostic => ({ path, ruleId, severity, span: at, message });

describe('the counts and the filter (ESLint bulk suppressions)', () => {
  const today = [finding('a.md', 'r1'), finding('a.md', 'r1'), finding('a.md', 'r2'), finding('b.md', 'r1'), finding('b.md', 'r3', 'warning')];
  const baseline = countErrors(today);

  test('only errors are recorded, by file and rule, keys sorted', () => {
    expect(baseline).toEqual({ 'a.md': { r1: { count: 2 }, r2: { count: 1 } }, 'b.md': { r1: { count: 1 } } });
    expect(renderBaseline(baseline)).toBe('{\n  "a.md": {\n    "r1": {\n      "count": 2\n    },\n    "r2": {\n      "count": 1\n    }\n  },\n  "b.md": {\n    "r1": {\n      "count": 1\n    }\n  }\n}\n');
  });

  test.each([
    ['the same errors: all suppressed, warnings kept', today, 1, 4, [], 0],
    ['one fixed: the rest suppressed, one left over', today.slice(1), 1, 3, [], 1],
    ['one more of a recorded rule: every one of them reported', [...today, finding('a.md', 'r1')], 4, 2, [{ path: 'a.md', ruleId: 'r1', count: 2, found: 3 }], 0],
    ['a new rule in a recorded file: reported alone', [...today, finding('a.md', 'r9')], 2, 4, [], 0],
    ['a new file: reported', [...today, finding('c.md', 'r1')], 2, 4, [], 0],
  ] as const)('%s', (_, found, kept, suppressed, exceeded, unused) => {
    const applied = applyBaseline(found, baseline);
    expect([applied.kept.length, applied.suppressed, applied.exceeded, applied.unused]).toEqual([kept, suppressed, exceeded, unused]);
  });

  test('pruning lowers counts to what is found, never raises them, and drops zeros', () => {
    expect(pruneBaseline(baseline, [finding('a.md', 'r1'), finding('a.md', 'r1'), finding('a.md', 'r1'), finding('c.md', 'r1')])).toEqual({ 'a.md': { r1: { count: 2 } } });
  });

  test('a file that is not a baseline is named with its line and column', () => {
    expect(parseBaseline('{"a.md": {"r1": {"count": -1}}}', 'memdex-baseline.json')).toEqual({
      problem: 'memdex-baseline.json:1:17: "a.md" → "r1": expected { "count": <a whole number> }, as memdex baseline writes (run it again to rewrite the file)',
    });
    expect(parseBaseline('[]', 'x.json')).toEqual({ problem: 'x.json:1:1: expected an object of files, each an object of rule ids, as memdex baseline writes (run it again to rewrite the file)' });
    expect(parseBaseline('{', 'x.json')).toEqual({ problem: expect.stringMatching(/^x\.json:1:2: invalid JSON: /) });
  });
});

describe('memdex baseline on a tree with errors', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('records them; check then passes and reports only what is new; --fix and baseline drop what is gone; doctor reports the size', () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-baseline-'));
    dirs.push(root);
    cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
    const index = join(root, 'agents/memory-index.md');
    appendFileSync(index, '/when ghost one\n/when ghost two\n');
    expect(runCli(['check'], { cwd: root }).status).toBe(1);

    const dry = runCli(['baseline', '--dry-run'], { cwd: root });
    expect([dry.status, existsSync(join(root, 'memdex-baseline.json'))]).toEqual([0, false]);
    expect(dry.stdout).toContain('dry run: memdex-baseline.json would be:\n{\n  "agents/memory-index.md": {\n    "index/entry-has-heading": {\n      "count": 2\n');

    const recorded = runCli(['baseline'], { cwd: root });
    expect([recorded.status, recorded.stdout]).toEqual([
      0,
      'recorded 2 errors in 1 file in memdex-baseline.json: memdex check now reports only new errors (commit memdex-baseline.json; fixing one and running memdex baseline again shrinks it)\n',
    ]);
    expect(runCli(['check'], { cwd: root })).toEqual({ status: 0, stdout: '✔ memory tree clean\n', stderr: '' });
    expect(runCli(['baseline'], { cwd: root }).stdout).toBe('memdex-baseline.json is up to date: 2 errors in 1 file\n');
    const doctor = runCli(['doctor', '--format', 'json'], { cwd: root });
    expect((JSON.parse(doctor.stdout) as { results: { check: string; message: string }[] }).results.find((r) => r.check === 'baseline')?.message).toBe(
      'baseline: memdex-baseline.json records 2 errors in 1 file: check reports only new ones',
    );

    // One more of the same rule: every one is reported (a count cannot tell which is new), with why on stderr.
    appendFileSync(index, '/when ghost three\n');
    const more = runCli(['check', '--quiet'], { cwd: root });
    expect(more.status).toBe(1);
    expect(more.stdout.match(/error {2}Entry `\/when ghost/g)).toHaveLength(3);
    expect(more.stderr).toBe('memdex: agents/memory-index.md: 3 errors of index/entry-has-heading, the baseline records 2: all of them are reported (fix the new one)\n');

    // Fixed by hand: the leftover is said, and the next baseline drops it.
    writeFileSync(index, readFileSync(index, 'utf8').replace(/\/when ghost (two|three)\n/g, ''));
    const fewer = runCli(['check'], { cwd: root });
    expect([fewer.status, fewer.stderr]).toEqual([0, 'memdex: memdex-baseline.json records 1 error no longer found: run memdex baseline (or memdex check --fix) to drop it\n']);
    const fix = runCli(['check', '--fix'], { cwd: root });
    expect([fix.status, fix.stderr]).toEqual([0, 'memdex: memdex-baseline.json: dropped 1 error the fixes removed\n']);
    expect(JSON.parse(readFileSync(join(root, 'memdex-baseline.json'), 'utf8'))).toEqual({ 'agents/memory-index.md': { 'index/entry-has-heading': { count: 1 } } });
    writeFileSync(index, readFileSync(index, 'utf8').replace('/when ghost one\n', ''));
    expect(runCli(['baseline', '--prune'], { cwd: root }).stdout).toBe('no errors left: removed memdex-baseline.json\n');
    expect(existsSync(join(root, 'memdex-baseline.json'))).toBe(false);
    expect(runCli(['baseline'], { cwd: root }).stdout).toBe('no errors: nothing to record (memdex check is clean)\n');
  });

  test('a broken baseline file stops check with exit 2 and its place', () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-baseline-'));
    dirs.push(root);
    cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
    writeFileSync(join(root, 'memdex-baseline.json'), '{"agents/memory-index.md": 3}\n');
    const result = runCli(['check'], { cwd: root });
    expect([result.status, result.stderr]).toEqual([2, 'memdex: memdex-baseline.json:1:28: expected an object of files, each an object of rule ids, as memdex baseline writes (run it again to rewrite the file)\n']);
  });
});
