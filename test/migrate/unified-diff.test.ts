import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffLines, unifiedDiff } from '../../src/migrate/unified-diff.js';
import { prng } from '../helpers/prng.js';

describe('diffLines', () => {
  test('random line lists: the script turns a into b, and keeps a longest common subsequence', () => {
    const random = prng(7);
    for (let round = 0; round < 200; round++) {
      const pick = () => Array.from({ length: Math.floor(random() * 12) }, () => 'abcd'[Math.floor(random() * 4)]!);
      const a = pick();
      const b = pick();
      const ops = diffLines(a, b);
      expect(ops.filter((o) => o.kind !== '+').map((o) => o.line)).toEqual(a);
      expect(ops.filter((o) => o.kind !== '-').map((o) => o.line)).toEqual(b);
      expect(ops.filter((o) => o.kind === ' ').length).toBe(lcsLength(a, b));
    }
  });
});

test('unifiedDiff: one changed line with three lines of context', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
  expect(unifiedDiff('x.md', before, before.replace('e', 'E'))).toBe(
    '--- a/x.md\n+++ b/x.md\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n',
  );
  expect(unifiedDiff('x.md', before, before)).toBe('--- a/x.md\n+++ b/x.md\n');
});

describe('a change to the final newline alone', () => {
  test('adding it: the last line is removed without its newline and added with it, as diff -u prints it', () => {
    expect(unifiedDiff('x.md', 'a\nb', 'a\nb\n')).toBe('--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
  });
  test('removing it', () => {
    expect(unifiedDiff('x.md', 'a\nb\n', 'a\nb')).toBe('--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n');
  });
  test('a text without a final newline, changed elsewhere: the marker follows the unchanged last line', () => {
    expect(unifiedDiff('x.md', 'a\nb', 'A\nb')).toBe('--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n');
  });
});

test('git apply turns before into after, byte for byte, final newlines included (random texts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-diff-'));
  try {
    const random = prng(11);
    const text = () => {
      const lines = Array.from({ length: Math.floor(random() * 9) }, () => 'abc'[Math.floor(random() * 3)]!);
      return lines.join('\n') + (lines.length > 0 && random() < 0.5 ? '\n' : '');
    };
    for (let round = 0; round < 40; round++) {
      const before = text();
      const after = round % 4 === 0 ? before.replace(/\n?$/, (nl) => (nl ? '' : '\n')) : text();
      const patch = unifiedDiff('x.md', before, after);
      if (!patch.includes('\n@@ ')) {
        expect(after).toBe(before); // no hunk: nothing changed
        continue;
      }
      writeFileSync(join(dir, 'x.md'), before);
      writeFileSync(join(dir, 'x.patch'), patch);
      const applied = spawnSync('git', ['apply', 'x.patch'], { cwd: dir, encoding: 'utf8' });
      expect({ before, after, stderr: applied.stderr, result: readFileSync(join(dir, 'x.md'), 'utf8') }).toEqual({ before, after, stderr: '', result: after });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j]!, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}
