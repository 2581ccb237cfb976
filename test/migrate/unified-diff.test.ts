import { describe, expect, test } from '@jest/globals';
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
