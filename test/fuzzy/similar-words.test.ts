/**
 * The indexed lookup of similar words (src/fuzzy/similar-words.ts) returns exactly what
 * comparing with the whole vocabulary returns, rule by rule: same stem, one typo (insert,
 * delete, substitute, swap; of the words or of their stems), inflections shorter and longer,
 * typed prefixes, subsequences; and words of another first letter.
 */
import { describe, expect, test } from '@jest/globals';
import { prng } from '../../bench/prng.mjs';
import { DEFAULT_FUZZY_PARAMS } from '../../src/fuzzy/params.js';
import { INDEX_AFTER, similarWords } from '../../src/fuzzy/similar-words.js';
import { wordSimilarity } from '../../src/fuzzy/words.js';

const SYLLABLES = ['ka', 'te', 'st', 'mo', 'ck', 'ing', 'es', 'pa', 'th', 'en', 'co', 'de', 'ri', 'ies', 's', '1', '2', 'x'];

function vocabulary(seed: number, size: number): string[] {
  const random = prng(seed);
  const words = new Set<string>(['test', 'tests', 'testing', 'tested', 'text', 'mock', 'mocks', 'mck', 'encode', 'encoding', 'encod', 'item1', 'item12', 'item120', 'item21', 'entries', 'entry', 'classes', 'class', 'patch', 'path', 'paths', 'writing', 'write', 'writes']);
  while (words.size < size) {
    let w = '';
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

function bruteForce(word: string, vocab: readonly string[]): Map<number, number> {
  const sims = new Map<number, number>();
  vocab.forEach((other, id) => {
    const s = wordSimilarity(word, other, DEFAULT_FUZZY_PARAMS);
    if (s > 0) sims.set(id, s);
  });
  return sims;
}

const sorted = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]);

describe('similar words through indexes', () => {
  test.each([1, 2, 3])('the same map as comparing with every word (seed %i)', (seed) => {
    const vocab = vocabulary(seed, 600);
    const lookup = similarWords(vocab, new Map(vocab.map((w, id) => [w, id])), DEFAULT_FUZZY_PARAMS);
    const queries = [...vocab.slice(0, 300), 'tset', 'tests', 'testx', 'mok', 'encodings', 'item', 'item1x', 'xtest', 'wrting', 'entires', 'ka', 'kat'];
    for (const [i, word] of queries.entries()) {
      // The first INDEX_AFTER words are scanned, the rest looked up: both must agree with the brute force.
      expect([i < INDEX_AFTER ? 'scan' : 'index', word, sorted(lookup.similar(word))]).toEqual([i < INDEX_AFTER ? 'scan' : 'index', word, sorted(bruteForce(word, vocab))]);
    }
  });

  test('the index compares far fewer pairs than the vocabulary holds', () => {
    const vocab = Array.from({ length: 4000 }, (_, i) => `item${i}`);
    const lookup = similarWords(vocab, new Map(vocab.map((w, id) => [w, id])), DEFAULT_FUZZY_PARAMS);
    for (const word of vocab.slice(0, INDEX_AFTER)) lookup.similar(word);
    const scanned = lookup.comparisons;
    for (const word of vocab.slice(1000, 2000)) lookup.similar(word);
    // A scan compares each word with the 4,000 others; the index only with the ~30 it can resemble.
    expect(scanned).toBeGreaterThan(INDEX_AFTER * 3000);
    expect((lookup.comparisons - scanned) / 1000).toBeLessThan(200);
  });
});
