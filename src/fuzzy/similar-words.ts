/**
 * The vocabulary words a query word resembles (wordSimilarity > 0), found through
 * indexes instead of comparing the word with the whole vocabulary.
 *
 * Comparing with every vocabulary word costs O(V) per distinct query word, and a
 * command that asks about every heading (`compress-key --all`, `migrate plan
 * --all`) asks about every word of the vocabulary: O(V²), minutes for headings that
 * each carry one word of their own. Each rule of wordSimilarity (words.ts) only
 * holds between words that share something an index can look up, so the candidates
 * are gathered from indexes and each is then confirmed with wordSimilarity itself:
 * the result is the same map, by construction.
 *
 *   rule                    what two similar words share          index
 *   equal, same stem        the stem                              stem → words
 *   one typo (≥ typoMin)    a word or a one-letter deletion of it  deletion key → words, and of the stems
 *                           (insert, delete, substitute and swap   (symmetric deletion, as SymSpell)
 *                           all leave a common key)
 *   inflection, longer c    the stem's first max(P, |sq|−1) chars  stems sorted: a range by prefix
 *   inflection, shorter c   c's stem minus its last char is a      stem minus last char → words
 *                           prefix of q's stem
 *   typed prefix            c starts with q                        words sorted: a range by prefix
 *   subsequence             the first letter, and q's letters      first letter → words, with a letter
 *                                                                  mask (a one-instruction superset test)
 *
 * The work is the keys of the query word (O(length)) plus the candidates the
 * indexes return: output-sensitive, except the subsequence rule, which walks the
 * words of the query's first letter with a letter mask (one AND: q's letters must
 * all occur in c) and, for the few that pass, an in-order test, before comparing.
 * That walk is the one term that grows with the vocabulary per query word; it costs
 * a few instructions a word (about 0.1 s in all for 8,000 words of one first letter). Building the indexes costs about as much as ten scans of the vocabulary (a
 * word has about as many deletion keys as letters), so a matcher scans for its
 * first INDEX_AFTER distinct query words and builds the indexes only for more: a
 * hook answering one query never pays for them.
 *
 * A first letter that differs rules out every rule but the typo one only while
 * `inflectionMinPrefix` > 0 (words.ts); with other parameters the scan is used.
 */
import type { FuzzyParams } from './params.js';
import { stem, wordSimilarity } from './words.js';

/** Distinct query words a matcher compares by scanning before it builds the indexes (see above). */
export const INDEX_AFTER = 16;

export interface SimilarWords {
  /** The similarity of `word` to every vocabulary word it resembles at all, by vocabulary id. */
  similar(word: string): Map<number, number>;
  /** How many word pairs were compared so far (the work a scan does: V per word). */
  readonly comparisons: number;
}

/** `vocabId`: the vocabulary's word → id map, which the caller already has. */
export function similarWords(vocab: readonly string[], vocabId: ReadonlyMap<string, number>, params: FuzzyParams): SimilarWords {
  let stems: string[] | undefined; // computed on the first question: a matcher may never be asked one
  let asked = 0;
  let comparisons = 0;
  let index: VocabularyIndex | undefined;
  const similar = (word: string) => {
    stems ??= vocab.map(stem);
    const wordStem = stem(word);
    const sims = new Map<number, number>();
    const exact = vocabId.get(word);
    if (exact !== undefined) sims.set(exact, 1);
    const consider = (id: number) => {
      if (id === exact || sims.has(id)) return;
      comparisons++;
      const s = wordSimilarity(word, vocab[id]!, params, wordStem, stems![id]!);
      if (s > 0) sims.set(id, s);
    };
    if (params.inflectionMinPrefix > 0 && ++asked > INDEX_AFTER) {
      index ??= buildIndex(vocab, stems);
      lookUp(index, word, wordStem, params, consider);
    } else {
      scan(vocab, stems, word, wordStem, params, consider);
    }
    return sims;
  };
  return {
    similar,
    get comparisons() {
      return comparisons;
    },
  };
}

/** Every vocabulary word that can resemble `word` (matcher.ts's original loop). */
function scan(vocab: readonly string[], stems: readonly string[], word: string, wordStem: string, params: FuzzyParams, consider: (id: number) => void): void {
  const first = word.charCodeAt(0);
  for (let id = 0; id < vocab.length; id++) {
    const other = vocab[id]!;
    // A word with another first letter can only be one edit away (wordSimilarity): skip what cannot be.
    if (other.charCodeAt(0) !== first && params.inflectionMinPrefix > 0 && !lengthsWithinOne(word, other) && !lengthsWithinOne(wordStem, stems[id]!)) continue;
    consider(id);
  }
}

interface VocabularyIndex {
  readonly byStem: Map<string, number[]>;
  /** A word, its stem, and each of them with one letter deleted. */
  readonly byKey: Map<string, number[]>;
  /** A stem without its last letter. */
  readonly byChop: Map<string, number[]>;
  /** Ids sorted by word, and by stem (for prefix ranges). */
  readonly sortedWords: readonly number[];
  readonly sortedStems: readonly number[];
  readonly vocab: readonly string[];
  readonly stems: readonly string[];
  readonly byFirst: Map<number, number[]>;
  readonly masks: Uint32Array;
}

function buildIndex(vocab: readonly string[], stems: readonly string[]): VocabularyIndex {
  const byStem = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const byChop = new Map<string, number[]>();
  const byFirst = new Map<number, number[]>();
  const masks = new Uint32Array(vocab.length);
  vocab.forEach((w, id) => {
    const s = stems[id]!;
    push(byStem, s, id);
    for (const key of new Set([...deletionKeys(w), ...deletionKeys(s)])) push(byKey, key, id);
    if (s.length > 0) push(byChop, s.slice(0, -1), id);
    push(byFirst, w.charCodeAt(0), id);
    masks[id] = letterMask(w);
  });
  const sortedBy = (texts: readonly string[]) => vocab.map((_, id) => id).sort((a, b) => (texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : a - b));
  return { byStem, byKey, byChop, byFirst, masks, vocab, stems, sortedWords: sortedBy(vocab), sortedStems: sortedBy(stems) };
}

function lookUp(index: VocabularyIndex, word: string, wordStem: string, params: FuzzyParams, consider: (id: number) => void): void {
  const each = (ids: readonly number[] | undefined) => ids?.forEach(consider);
  each(index.byStem.get(wordStem));
  if (word.length >= params.typoMinLength) for (const key of new Set([...deletionKeys(word), ...deletionKeys(wordStem)])) each(index.byKey.get(key));
  // Inflection, shorter stem: its stem without the last letter is a prefix of ours, at least P − 1 long.
  for (let j = Math.max(0, params.inflectionMinPrefix - 1); j <= wordStem.length - 2; j++) each(index.byChop.get(wordStem.slice(0, j)));
  // Inflection, longer stem: it starts with all of ours but the last letter (and with at least P letters).
  if (wordStem.length >= params.inflectionMinPrefix) prefixRange(index.sortedStems, index.stems, wordStem.slice(0, Math.max(params.inflectionMinPrefix, wordStem.length - 1)), consider);
  if (word.length >= params.prefixMinLength) {
    prefixRange(index.sortedWords, index.vocab, word, consider);
    const mask = letterMask(word);
    for (const id of index.byFirst.get(word.charCodeAt(0)) ?? []) {
      if ((index.masks[id]! & mask) === mask && index.vocab[id]!.length > word.length && isSubsequence(word, index.vocab[id]!)) consider(id);
    }
  }
}

/** Ids (sorted by `texts`) whose text starts with `prefix`: a binary search, then the run. */
function prefixRange(sorted: readonly number[], texts: readonly string[], prefix: string, consider: (id: number) => void): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (texts[sorted[mid]!]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && texts[sorted[i]!]!.startsWith(prefix); i++) consider(sorted[i]!);
}

/** `q`'s letters appear in `c` in order (what fzf requires before it scores). */
function isSubsequence(q: string, c: string): boolean {
  let i = 0;
  for (let j = 0; j < c.length && i < q.length; j++) if (c.charCodeAt(j) === q.charCodeAt(i)) i++;
  return i === q.length;
}

/** The word and every one-letter deletion of it. */
function deletionKeys(word: string): string[] {
  const keys = [word];
  for (let i = 0; i < word.length; i++) keys.push(word.slice(0, i) + word.slice(i + 1));
  return keys;
}

/** One bit per letter (code mod 32): a word holding all of q's letters has all of q's bits. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask >>> 0;
}

function push<K>(map: Map<K, number[]>, key: K, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

function lengthsWithinOne(a: string, b: string): boolean {
  return a.length - b.length <= 1 && b.length - a.length <= 1;
}
