import { describe, expect, test } from '@jest/globals';
import { closest, createMatcher } from '../../src/fuzzy/matcher.js';
import { fzfScore } from '../../src/fuzzy/fzf-v2.js';
import { DEFAULT_FUZZY_PARAMS as P } from '../../src/fuzzy/params.js';
import { stem, wordSimilarity } from '../../src/fuzzy/words.js';

describe('fzf V2 (character level)', () => {
  test.each([
    ['contiguous beats scattered', 'mock', 'mock patching', 'mXoXcXk'],
    ['whitespace boundary beats delimiter beats none', 'ab', 'a b', 'axb'],
    ['a short gap beats a long one', 'ac', 'abc', 'aXXXXc'],
  ])('%s', (_name, pattern, better, worse) => {
    expect(fzfScore(pattern, better, P)).toBeGreaterThan(fzfScore(pattern, worse, P));
  });

  test('an exact match is never beaten by a superstring (the start of the text is a boundary)', () => {
    expect(fzfScore('mock', 'mock', P)).toBeGreaterThanOrEqual(fzfScore('mock', 'when writing mock tests', P));
    expect(fzfScore('writing mock tests', 'writing mock tests', P)).toBeGreaterThanOrEqual(fzfScore('writing mock tests', 'when writing mock tests', P));
  });

  test('not a subsequence scores 0', () => {
    expect(fzfScore('xyz', 'abc', P)).toBe(0);
    expect(fzfScore('abcd', 'abc', P)).toBe(0);
  });
});

describe('words', () => {
  test.each([
    ['tests', 'test'],
    ['entries', 'entry'],
    ['classes', 'class'],
    ['class', 'class'],
  ])('stem(%s) = %s', (w, s) => expect(stem(w)).toBe(s));

  test('another inflection of the same stem is similar', () => {
    expect(wordSimilarity('patching', 'patches', P)).toBe(P.simInflection);
    expect(wordSimilarity('writing', 'write', P)).toBe(P.simInflection);
    expect(wordSimilarity('patch', 'path', P)).toBe(0); // short words: no typo tolerance
  });

  test('equal > plural > typo > prefix > abbreviation > unrelated', () => {
    const sims = [
      wordSimilarity('mock', 'mock', P),
      wordSimilarity('mocks', 'mock', P),
      wordSimilarity('wirting', 'writing', P),
      wordSimilarity('enc', 'encode', P),
      wordSimilarity('mck', 'mocking', P),
      wordSimilarity('zebra', 'mock', P),
    ];
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    expect(sims[sims.length - 1]).toBe(0);
  });
});

describe('matcher', () => {
  const triggers = ['writing mock tests', 'writing mock tests often', 'encode file paths', 'choosing feedback output format'];
  test.each([
    ['writing mock tests', 'writing mock tests'],
    ['tests mock writing', 'writing mock tests'],
    ['writng mock tests', 'writing mock tests'],
    ['the mock test', 'writing mock tests'],
    ['encode path', 'encode file paths'],
    ['paths encode file', 'encode file paths'],
  ])('%s → %s', (query, want) => {
    expect(closest(query, triggers, P, 1)[0]?.item).toBe(want);
  });

  test('an exact match scores 1 and nothing else does', () => {
    const ranked = closest('writing mock tests', triggers, P, 4);
    expect(ranked[0]).toEqual({ item: 'writing mock tests', score: 1, index: 0 });
    expect(ranked.slice(1).every((r) => r.score < 1)).toBe(true);
  });

  test('unrelated queries find nothing', () => {
    expect(closest('xyzzy plugh', triggers, P, 3)).toEqual([]);
  });

  test('ranking is deterministic and independent of earlier queries', () => {
    const m = createMatcher(triggers, (t) => t, P);
    const first = m.rank('mock', 4);
    m.rank('encode', 4);
    expect(m.rank('mock', 4)).toEqual(first);
  });
});
