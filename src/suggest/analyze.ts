/**
 * Text to index terms, the same way for entries and queries: lower-cased runs of letters
 * and digits (`memory-index` and `memory_index` both yield `memory` and `index`), without
 * stop words (stopwords.ts),
 * single characters and bare numbers (section numbers, dates and counts name no topic),
 * reduced to their Porter stem (the `stemmer` package: `writing`, `writes`, `written`
 * → `write`; `gates`, `gating` → `gate`), so a plan's wording meets an entry's.
 */
import { stemmer } from 'stemmer';
import { STOPWORDS } from './stopwords.js';

const WORD = /[\p{L}\p{N}]+/gu;
const NUMBER = /^\p{N}+$/u;

/** The index terms of a text, in order, repeats kept (term frequency counts them). */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (word.length < 2 || NUMBER.test(word) || STOPWORDS.has(word)) continue;
    terms.push(stemCached(word));
  }
  return terms;
}

// Stemming is the costly step and plan documents repeat their words: memoise per word.
const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

function stemCached(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

