/**
 * Text to index terms, the same way for entries and queries: the words as keys fold
 * them (model/keys.ts keyWords, the one word splitter: NFKC, lower case, runs of
 * letters and digits, so `memory-index` and `memory_index` both yield `memory` and
 * `index`), without the retrieval stop words (model/words.ts, which says why the
 * resolver's list differs), single characters and bare numbers (section numbers,
 * dates and counts name no topic), reduced to their Porter stem (the `stemmer`
 * package: `writing`, `writes`, `written` → `write`; `gates`, `gating` → `gate`), so a
 * plan's wording meets an entry's.
 */
import { stemmer } from 'stemmer';
import { keyWords } from '../model/keys.js';
import { RETRIEVAL_STOPWORDS } from '../model/words.js';

/**
 * A bare number. An ASCII word's numerals are its digits: only a word with another character needs \p{N}, built on
 * first use from a string, not a literal (model/keys.ts `word` says why: ICU's property sets, at load otherwise).
 */
let number: RegExp | undefined;
const isNumber = (word: string): boolean => /^[0-9]+$/.test(word) || (/[^\x00-\x7f]/.test(word) && (number ??= new RegExp('^\\p{N}+$', 'u')).test(word));

/** The index terms of a text, in order, repeats kept (term frequency counts them). */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const word of keyWords(text)) {
    if (word.length < 2 || isNumber(word) || RETRIEVAL_STOPWORDS.has(word)) continue;
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

