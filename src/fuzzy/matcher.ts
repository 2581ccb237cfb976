/**
 * The fuzzy engine shared by the resolver, the validator's did-you-means and
 * compress-key. One algorithm, constants in params.ts, deterministic results.
 *
 * Why not plain fzf: agents do not type abbreviations of a list they are looking
 * at; they retype a remembered phrase. They drop or add an article, swap two words,
 * write a plural, make one typo, or leave out a word. fzf's character subsequence
 * scores all of those 0 (one missing character in order kills the match), which is
 * exactly how the Python resolver failed its users. So the engine works on words,
 * and uses fzf V2 (fzf-v2.ts) inside a word only, for abbreviations (`mck` → `mock`).
 *
 * Scoring one candidate for a query:
 *
 *   1. Both are split into lower-case words. Each word weighs 1, a stopword
 *      (`the`, `to`, `a`…) weighs `stopwordWeight`: articles never decide a match.
 *   2. Every (query word, candidate word) pair gets a similarity in [0, 1]
 *      (words.ts): equal 1; same after plural folding `simStem`; one edit apart
 *      `simTypo`; typed prefix `simPrefix…`; fzf subsequence `simSubsequence`.
 *   3. Pairs are assigned greedily, best first, each word used once (a one-to-one
 *      alignment; order-free, so swapped words still align).
 *   4. recall    = weighted similarity of the query words   (is every word explained?)
 *      precision = weighted similarity of the candidate words (is the candidate all
 *                  asked for? this is why an exact trigger beats a superstring)
 *      order     = share of aligned neighbours that keep their order
 *      score     = weightRecall·recall + weightPrecision·precision + weightOrder·order
 *      so an exact match scores 1 and nothing else can.
 *   5. Ties are broken by the fzf V2 score of the whole query in the whole candidate,
 *      then by the shorter candidate, then by input order: the result is a total order.
 *
 * Speed: the candidates' words form a vocabulary; the vocabulary words a query word
 * resembles are found once (cached across queries: by comparing with each word for
 * the first few query words, then through indexes, similar-words.ts), and only
 * candidates that share a non-stopword match with the query are scored (posting
 * lists). That keeps a query over 10,000 candidates well under a millisecond or two.
 * A caller asking only what scores above a threshold (compress-key's "does anything
 * come within the margin?") uses above(), which skips the candidates that share only
 * common words (threshold-search.ts).
 */
import { fzfScore } from './fzf-v2.js';
import type { FuzzyParams } from './params.js';
import { similarWords } from './similar-words.js';
import { thresholdSearch, type Visit } from './threshold-search.js';
import { isStopword, tokenize, wordSimilarity } from './words.js';

export interface Ranked<T> {
  readonly item: T;
  /** In [0, 1]; 1 only for the same words. */
  readonly score: number;
  /** Position of the item in the input. */
  readonly index: number;
}

export interface Matcher<T> {
  /** The best `limit` candidates scoring at least params.minScore, best first. */
  rank(query: string, limit: number): Ranked<T>[];
  /** The word score of one query against one candidate (by input position). */
  score(query: string, index: number): number;
  /**
   * Calls `visit(index, score)` for every candidate of rank()'s pool (but those
   * `skip` names) whose score is above `threshold`, and perhaps some below it, until
   * `visit` returns true; without scoring the whole pool (threshold-search.ts).
   * False when the query is of stopwords only: ask rank() then.
   */
  above(query: string, threshold: number, visit: Visit, skip?: (index: number) => boolean): boolean;
  /** The work done so far: candidates scored, and query/vocabulary word pairs compared. */
  work(): { readonly scored: number; readonly compared: number };
}

interface Prepared {
  readonly text: string;
  /** Vocabulary ids of the candidate's words. */
  readonly words: readonly number[];
  readonly weight: number;
}

/**
 * The query-independent half of a matcher, as plain data: the vocabulary and each
 * candidate's words as vocabulary ids. A caller that answers one query per process
 * over the same candidates (the trigger table) stores it instead of re-tokenising.
 */
export interface MatcherData {
  readonly vocab: readonly string[];
  readonly words: readonly (readonly number[])[];
}

export function matcherData(texts: readonly string[]): MatcherData {
  const vocab: string[] = [];
  const vocabId = new Map<string, number>();
  const words = texts.map((text) =>
    tokenize(text).map((w) => {
      let id = vocabId.get(w);
      if (id === undefined) {
        id = vocab.length;
        vocab.push(w);
        vocabId.set(w, id);
      }
      return id;
    }),
  );
  return { vocab, words };
}

/** `data`: matcherData of the items' texts, when the caller has it already. */
export function createMatcher<T>(items: readonly T[], textOf: (item: T) => string, params: FuzzyParams, data?: MatcherData): Matcher<T> {
  const texts = items.map(textOf);
  const { vocab, words } = data ?? matcherData(texts);
  const vocabId = new Map<string, number>(vocab.map((w, id) => [w, id]));
  const postings: number[][] = vocab.map(() => []);
  const vocabWeight = vocab.map((w) => weightOf(w, params));
  const prepared: Prepared[] = texts.map((text, index) => {
    const ids = words[index]!;
    let weight = 0;
    for (const id of ids) {
      const list = postings[id]!;
      if (list[list.length - 1] !== index) list.push(index);
      weight += vocabWeight[id]!;
    }
    return { text, words: ids, weight };
  });
  // Per query word: similarity to every vocabulary word it resembles at all (similar-words.ts).
  const simCache = new Map<string, Map<number, number>>();
  const vocabulary = similarWords(vocab, vocabId, params);
  let scored = 0;
  let pairsCompared = 0;
  const similar = (word: string): Map<number, number> => {
    let sims = simCache.get(word);
    if (!sims) simCache.set(word, (sims = vocabulary.similar(word)));
    return sims;
  };
  /** One pair, without looking up every similar word (the threshold search scores few candidates). */
  const pairSim = (word: string, id: number): number | undefined => {
    const known = simCache.get(word);
    if (known) return known.get(id);
    pairsCompared++;
    const s = word === vocab[id] ? 1 : wordSimilarity(word, vocab[id]!, params);
    return s > 0 ? s : undefined;
  };

  /** `simOf(qi, id)`: query word qi's similarity to vocabulary word id (undefined: none). */
  const scoreWords = (queryWords: readonly string[], simOf: (qi: number, id: number) => number | undefined, cand: Prepared): number => {
    scored++;
    if (queryWords.length === 0 || cand.words.length === 0) return 0;
    const pairs: { qi: number; cj: number; s: number }[] = [];
    for (let qi = 0; qi < queryWords.length; qi++) {
      for (let cj = 0; cj < cand.words.length; cj++) {
        const s = simOf(qi, cand.words[cj]!);
        if (s !== undefined) pairs.push({ qi, cj, s });
      }
    }
    // Best first; ties prefer the same position, then earlier words (deterministic).
    pairs.sort((a, b) => b.s - a.s || Math.abs(a.qi - a.cj) - Math.abs(b.qi - b.cj) || a.qi - b.qi || a.cj - b.cj);
    const qMatch = new Array<number>(queryWords.length).fill(-1);
    const qSim = new Array<number>(queryWords.length).fill(0);
    const cUsed = new Array<boolean>(cand.words.length).fill(false);
    let cScore = 0;
    for (const { qi, cj, s } of pairs) {
      if (qMatch[qi] !== -1 || cUsed[cj]) continue;
      qMatch[qi] = cj;
      qSim[qi] = s;
      cUsed[cj] = true;
      cScore += s * weightOf(vocab[cand.words[cj]!]!, params);
    }
    let qWeight = 0;
    let qScore = 0;
    for (let qi = 0; qi < queryWords.length; qi++) {
      const w = weightOf(queryWords[qi]!, params);
      qWeight += w;
      qScore += w * qSim[qi]!;
    }
    const recall = qWeight > 0 ? qScore / qWeight : 0;
    const precision = cand.weight > 0 ? cScore / cand.weight : 0;
    const aligned = qMatch.filter((j) => j !== -1);
    let kept = 0;
    for (let k = 1; k < aligned.length; k++) if (aligned[k]! > aligned[k - 1]!) kept++;
    const order = aligned.length > 1 ? kept / (aligned.length - 1) : aligned.length;
    // Rounded so that equal evidence gives equal scores (0.6 + 0.3 + 0.1 is not 1 in floating point).
    return Math.round((params.weightRecall * recall + params.weightPrecision * precision + params.weightOrder * order) * 1e9) / 1e9;
  };

  const prepareQuery = (query: string) => {
    const words = tokenize(query);
    const sims = words.map(similar);
    return { words, sims, simOf: (qi: number, id: number) => sims[qi]!.get(id) };
  };

  const search = thresholdSearch({ vocab, vocabId, candidates: prepared, params, similar, pairSim, score: scoreWords });

  return {
    work: () => ({ scored, compared: pairsCompared + vocabulary.comparisons }),
    above(query, threshold, visit, skip) {
      return search(tokenize(query), threshold, visit, skip);
    },
    score(query, index) {
      const q = prepareQuery(query);
      return scoreWords(q.words, q.simOf, prepared[index]!);
    },
    rank(query, limit) {
      const q = prepareQuery(query);
      if (q.words.length === 0 || limit <= 0) return [];
      // Prefilter: candidates sharing a content-word match (any word if the query is all stopwords).
      const allStop = q.words.every((w) => isStopword(w));
      const pool = new Set<number>();
      q.words.forEach((w, qi) => {
        if (!allStop && isStopword(w)) return;
        for (const id of q.sims[qi]!.keys()) {
          if (!allStop && isStopword(vocab[id]!)) continue;
          for (const index of postings[id]!) pool.add(index);
        }
      });
      const scored: { index: number; score: number; tie: number }[] = [];
      for (const index of pool) {
        const score = scoreWords(q.words, q.simOf, prepared[index]!);
        if (score >= params.minScore) scored.push({ index, score, tie: 0 });
      }
      const cmp = (a: { index: number; score: number; tie: number }, b: { index: number; score: number; tie: number }) =>
        b.score - a.score ||
        b.tie - a.tie ||
        prepared[a.index]!.text.length - prepared[b.index]!.text.length ||
        a.index - b.index;
      // fzf V2 only for the near-top (it is the costly part).
      scored.sort(cmp);
      const head = scored.slice(0, Math.max(limit * 2, 8));
      for (const s of head) s.tie = fzfScore(query.trim(), prepared[s.index]!.text, params);
      head.sort(cmp);
      return head.slice(0, limit).map((s) => ({ item: items[s.index]!, score: s.score, index: s.index }));
    },
  };
}

function weightOf(word: string, params: FuzzyParams): number {
  return isStopword(word) ? params.stopwordWeight : 1;
}

/** A matcher over texts whose items are their positions (a caller that keeps its items as numbers: the section table's rows). */
export function textMatcher(texts: readonly string[], params: FuzzyParams, data?: MatcherData): Matcher<number> {
  return createMatcher(
    texts.map((_, i) => i),
    (i) => texts[i]!,
    params,
    data,
  );
}

/**
 * The simple entry point for did-you-means: the `limit` candidates closest to
 * `query`, best first. Build a matcher with createMatcher instead when asking
 * many queries against the same candidates.
 */
export function closest(query: string, candidates: readonly string[], params: FuzzyParams, limit = 3): Ranked<string>[] {
  return createMatcher(candidates, (c) => c, params).rank(query, limit);
}
