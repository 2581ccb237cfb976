/**
 * Word-level pieces of the fuzzy engine: tokenising, plural folding, stopwords and the
 * similarity of one query word to one candidate word (see matcher.ts for how they combine).
 */
import { keyWords } from '../model/keys.js';
import { foldPlural, isGrammarWord } from '../model/words.js';
import { fzfScore } from './fzf-v2.js';
import type { FuzzyParams } from './params.js';

/** Grammar words (model/words.ts: the resolver's list, and why the ranker's differs). */
export const isStopword = isGrammarWord;

/** The words of a text exactly as keys fold them (model/keys.ts): fuzzy and exact agree on what a word is. */
export function tokenize(text: string): string[] {
  return keyWords(text);
}

/** Plural folding (model/words.ts). */
export const stem = foldPlural;

/** True when a and b are at most one insertion, deletion, substitution or adjacent swap apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  // Compared in place (no slices: this runs against a whole vocabulary per query word).
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    if (sameFrom(a, b, i + 1, i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(a, b, i + 2, i + 2); // swap
  }
  return la > lb ? sameFrom(a, b, i + 1, i) : sameFrom(a, b, i, i + 1);
}

/** a from ia equals b from ib, to their ends. */
function sameFrom(a: string, b: string, ia: number, ib: number): boolean {
  if (a.length - ia !== b.length - ib) return a.length - ia <= 0 && b.length - ib <= 0;
  for (let k = 0; ia + k < a.length; k++) if (a.charCodeAt(ia + k) !== b.charCodeAt(ib + k)) return false;
  return true;
}

/**
 * How well query word `q` stands for candidate word `c`, in [0, 1]: 1 equal, then
 * plural, one typo, typed prefix, abbreviation by subsequence; 0 otherwise. `sq`
 * and `sc` are their stems, passed in by a caller that compares one word with a
 * whole vocabulary (the stems are what costs).
 */
export function wordSimilarity(q: string, c: string, p: FuzzyParams, sq = stem(q), sc = stem(c)): number {
  if (q === c) return 1;
  if (sq === sc) return p.simStem;
  if (q.length >= p.typoMinLength && c.length >= p.typoMinLength && (withinOneEdit(q, c) || withinOneEdit(sq, sc))) {
    return p.simTypo;
  }
  // Every test below needs the same first letter (a shared prefix, a typed prefix, a subsequence anchored at it).
  if (q[0] !== c[0] && p.inflectionMinPrefix > 0) return 0;
  const shorter = Math.min(sq.length, sc.length);
  const shared = commonPrefix(sq, sc);
  if (shared >= p.inflectionMinPrefix && shared >= shorter - 1 && Math.max(sq.length, sc.length) > shorter) {
    return Math.max(p.simInflection, q.length < c.length && c.startsWith(q) ? prefixSim(q, c, p) : 0);
  }
  if (q.length >= p.prefixMinLength && q.length < c.length && c.startsWith(q)) {
    return prefixSim(q, c, p);
  }
  if (q.length >= p.prefixMinLength && q[0] === c[0] && q.length < c.length) {
    const norm = fzfScore(q, c, p) / selfScore(q, p);
    if (norm >= p.subsequenceMin) return p.simSubsequence * norm;
  }
  return 0;
}

/** fzfScore(q, q): the same for every candidate word a query word is compared with, so kept for the last one. */
let self: { q: string; p: FuzzyParams; score: number } | undefined;
function selfScore(q: string, p: FuzzyParams): number {
  if (self?.q !== q || self.p !== p) self = { q, p, score: fzfScore(q, q, p) };
  return self.score;
}

function prefixSim(q: string, c: string, p: FuzzyParams): number {
  return p.simPrefixBase + p.simPrefixSpan * (q.length / c.length);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
