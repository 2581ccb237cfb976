/**
 * The word primitives' fast paths (an ASCII tokenizer loop, an in-place one-edit
 * test) give exactly what their plain definitions give, on random inputs that mix
 * ASCII, separators and Unicode letters whose lower case is or is not ASCII.
 */
import { describe, expect, test } from '@jest/globals';
import { tokenize, withinOneEdit } from '../../src/fuzzy/words.js';
import { prng } from '../helpers/prng.js';

/** The definition of a word (model/keys.ts): NFKC, lower-cased, letters and digits with their marks. */
const byRegex = (text: string) => text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

/** The definition: at most one insertion, deletion, substitution or adjacent swap. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
    return diff.length === 1 || (diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!]);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

describe('word primitives', () => {
  test('tokenize equals the key folding definition (NFKC, letters and digits with their marks)', () => {
    const random = prng(11);
    const chars = ['a', 'Z', '0', '9', ' ', '-', '.', '_', "'", 'é', 'ß', '\u212a', 'İ', '!', '\t', 'ж', '٣', '\u0301', '\ufb01', '\uff37', '\u093e'];
    const differ: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      let text = '';
      const n = Math.floor(random() * 14);
      for (let i = 0; i < n; i++) text += chars[Math.floor(random() * chars.length)];
      if (JSON.stringify(tokenize(text)) !== JSON.stringify(byRegex(text))) differ.push(text);
    }
    expect(differ).toEqual([]);
  });

  test('withinOneEdit equals its definition', () => {
    const random = prng(12);
    const word = () => Array.from({ length: Math.floor(random() * 6) }, () => 'abc'[Math.floor(random() * 3)]).join('');
    const differ: string[] = [];
    for (let k = 0; k < 50_000; k++) {
      const [a, b] = [word(), word()];
      if (withinOneEdit(a, b) !== oneEditApart(a, b)) differ.push(`${a}/${b}`);
    }
    expect(differ).toEqual([]);
  });
});
