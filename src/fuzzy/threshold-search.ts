/**
 * Threshold search: the candidates whose word score (matcher.ts) may exceed a given
 * threshold, without scoring every candidate that shares a word with the query.
 *
 * Why. rank() scores every candidate that shares a content word with the query;
 * when the candidates share most of their words (`When Writing Common Tests Alpha
 * Beta Item<i>`), that is all n of them, for every query, and a command asking one
 * question per heading (compress-key --all, migrate plan --all) does n² work. The
 * question those commands ask is narrower: "does anything else come within the
 * margin of this score?" (resolve/trigger-finds.ts), i.e. which candidates score
 * above a threshold. That is the setting of MaxScore (Turtle & Flood, 1995), the
 * classic way search engines skip documents that cannot reach the top.
 *
 * The bound. A candidate that matches (has a similar word for) only k of the
 * query's content words, with word weight W (all its words; stopwords weigh less),
 * scores at most
 *
 *   f(k, W) = wRecall·(k + stopWeight)/queryWeight + wPrecision·min(1, (k + stops)/W) + wOrder
 *
 * (each content word adds at most its weight 1 to recall; each aligned pair adds at
 * most 1 to the candidate's matched weight; order is at most 1). Candidates are
 * bucketed by ⌊W⌋, and in a bucket the bound uses its floor, so a long candidate's
 * low precision counts. In each bucket let K be the largest k with f(k, ⌊W⌋) ≤
 * threshold: any candidate above the threshold matches more than K content words,
 * so it matches at least one word outside any K of them. Put the K words with the
 * longest posting lists aside (the common words: `writing`, `tests`), and a
 * candidate above the threshold is in the posting lists of a word similar to one
 * of the rest (the rare words: `item12`). Only those candidates are scored; the
 * common words' lists are never walked. The scores are the exact ones; a bucket
 * where even matching every word stays below the threshold is skipped whole.
 *
 * The pool is rank()'s: a candidate counts only when it shares a content-word
 * match with the query. Queries of stopwords only are rank()'s special case: the
 * search declines them.
 */
import type { FuzzyParams } from './params.js';
import { isStopword } from './words.js';

/** Slack on the bound: scores are rounded to 1e-9, sums of weights are not exact. */
const BOUND_SLACK = 1e-6;

export interface SearchCandidate {
  /** Vocabulary ids of the candidate's words. */
  readonly words: readonly number[];
  /** Sum of its word weights. */
  readonly weight: number;
}

export interface SearchContext {
  readonly vocab: readonly string[];
  readonly vocabId: ReadonlyMap<string, number>;
  readonly candidates: readonly SearchCandidate[];
  readonly params: FuzzyParams;
  /** Every vocabulary word similar to `word`, by id. */
  similar(word: string): ReadonlyMap<number, number>;
  /** One pair's similarity (undefined: none). */
  pairSim(word: string, id: number): number | undefined;
  score(queryWords: readonly string[], simOf: (qi: number, id: number) => number | undefined, candidate: SearchCandidate): number;
}

export type Visit = (index: number, score: number) => boolean | void;

/**
 * Calls `visit` with the exact score of every pool candidate (but those `skip`
 * names) that scores above `threshold`, and perhaps of some others, until it
 * returns true. False when the query is one the search does not handle (stopwords
 * only): ask rank().
 */
export type ThresholdSearch = (queryWords: readonly string[], threshold: number, visit: Visit, skip?: (index: number) => boolean) => boolean;

export function thresholdSearch(context: SearchContext): ThresholdSearch {
  const { vocab, candidates, params } = context;
  let buckets: Buckets | undefined;
  const sortedSimilar = new Map<string, number[]>();
  const similarIds = (word: string) => {
    let ids = sortedSimilar.get(word);
    if (!ids) sortedSimilar.set(word, (ids = [...context.similar(word)].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id)));
    return ids;
  };
  return (words, threshold, visit, skip) => {
    if (words.length === 0) return true;
    const content = words.flatMap((w, qi) => (isStopword(w) ? [] : [qi]));
    if (content.length === 0) return false;
    buckets ??= bucketPostings(candidates);
    const stops = words.length - content.length;
    const queryWeight = content.length + stops * params.stopwordWeight;
    // The bound of a candidate whose content words' best similarities to the query sum to x (see above).
    const bound = (x: number, floor: number) =>
      (params.weightRecall * (x + stops * params.stopwordWeight)) / queryWeight + params.weightPrecision * (floor > 0 ? Math.min(1, (x + stops) / floor) : 1) + params.weightOrder;
    const pairs = new Map<number, number | undefined>();
    const simOf = (qi: number, id: number) => {
      const key = qi * vocab.length + id;
      if (pairs.has(key)) return pairs.get(key);
      const s = context.pairSim(words[qi]!, id);
      pairs.set(key, s);
      return s;
    };
    /**
     * Σ over the query's content words of their best similarity to a word of `c` (what recall and precision can
     * gain from them at most); -1 when no content word of `c` matches one: not in rank()'s pool.
     */
    const bestSum = (c: SearchCandidate) => {
      let sum = 0;
      let pooled = false;
      for (const qi of content) {
        let best = 0;
        for (const id of c.words) {
          const s = simOf(qi, id);
          if (s === undefined) continue;
          if (s > best) best = s;
          if (!pooled && !isStopword(vocab[id]!)) pooled = true;
        }
        sum += best;
      }
      return pooled ? sum : -1;
    };
    const seen = new Set<number>();
    for (let b = 0; b < buckets.floors.length; b++) {
      const floor = buckets.floors[b]!;
      if (bound(content.length, floor) <= threshold - BOUND_SLACK) continue; // even every word matched stays below
      const limit = cannotExceed(bound, floor, threshold - BOUND_SLACK, content.length);
      const k = Math.max(0, Math.floor(limit));
      const listSize = (qi: number) => buckets!.postings.get(key(context.vocabId.get(words[qi]!), b, buckets!.floors.length))?.length ?? 0;
      // The K most common words aside; a candidate above the threshold matches one of the rest, and one of them
      // with a similarity above MIN_RARE_SIM = (limit − K) / rare: otherwise its sum is at most K + rare · that.
      const rare = [...content].sort((x, y) => listSize(y) - listSize(x) || x - y).slice(k);
      const minRareSim = (limit - k) / rare.length - BOUND_SLACK;
      for (const qi of rare) {
        const sims = context.similar(words[qi]!);
        for (const id of similarIds(words[qi]!)) {
          if (sims.get(id)! <= minRareSim) break; // sorted by similarity: the rest are lower
          for (const index of buckets.postings.get(key(id, b, buckets.floors.length)) ?? []) {
            if (seen.has(index)) continue;
            seen.add(index);
            const c = candidates[index]!;
            if (skip?.(index)) continue;
            const sum = bestSum(c);
            if (sum < 0 || sum <= limit) continue; // outside the pool, or cannot reach the threshold: not scored
            if (visit(index, context.score(words, simOf, c)) === true) return true;
          }
        }
      }
    }
    return true;
  };
}

interface Buckets {
  /** ⌊weight⌋ of each bucket, ascending. */
  readonly floors: readonly number[];
  /** key(word id, bucket) → candidate indexes holding the word. */
  readonly postings: Map<number, number[]>;
}

function key(id: number | undefined, bucket: number, buckets: number): number {
  return id === undefined ? -1 : id * buckets + bucket;
}

function bucketPostings(candidates: readonly SearchCandidate[]): Buckets {
  const floors = [...new Set(candidates.map((c) => Math.floor(c.weight)))].sort((a, b) => a - b);
  const bucketOf = new Map(floors.map((f, b) => [f, b]));
  const postings = new Map<number, number[]>();
  candidates.forEach((c, index) => {
    const b = bucketOf.get(Math.floor(c.weight))!;
    for (const id of new Set(c.words)) {
      const k = key(id, b, floors.length);
      const list = postings.get(k);
      if (list) list.push(index);
      else postings.set(k, [index]);
    }
  });
  return { floors, postings };
}

/**
 * The largest similarity sum x in [0, most] (to 1e-9) whose bound stays at or below `ceiling`: a candidate whose
 * sum is at most x cannot score above the threshold. The bound grows with x (piecewise linear): a bisection.
 */
function cannotExceed(bound: (x: number, floor: number) => number, floor: number, ceiling: number, most: number): number {
  if (bound(0, floor) > ceiling) return -1; // any candidate of the pool may: none is set aside
  let [low, high] = [0, most];
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (bound(mid, floor) <= ceiling) low = mid;
    else high = mid;
  }
  return low;
}
