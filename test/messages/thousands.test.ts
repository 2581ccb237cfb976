/** Counts in messages read as `toLocaleString('en-US')` writes them, without loading ICU (src/messages/thousands.ts). */
import { expect, test } from '@jest/globals';
import { thousands } from '../../src/messages/thousands.js';

test.each([0, 7, 999, 1000, 10_000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, -0, 1.5, 1234.5678, Number.NaN, Infinity])('%p', (n: number) => {
  expect(thousands(n)).toBe(n.toLocaleString('en-US'));
});
