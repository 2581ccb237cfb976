/**
 * Usage as evidence: entries recalled for past texts like this one.
 *
 * The lexical ranker (rank.ts) knows what a text says; it cannot know that in this
 * project a plan about a CLI tool is carried out with "testing CLI tools" in mind. The
 * usage log (usage.ts) can: each line is a text and the entries recalled for it. For a
 * new text q, the prior of an entry e is a vote of the past texts most similar to q
 * (nearest neighbours, the memory-based collaborative filtering of Breese et al. 1998
 * with texts as the users' profiles):
 *
 *   sim(q, j)  = cosine of the tf-idf vectors of q and of past text j (terms as the
 *                ranker analyses them, weight (1 + ln tf) · idf with the tree's idf,
 *                so a word the memory does not know still separates texts)
 *   N(q)       = the usageNeighbours past texts with the highest sim ≥ usageSimilarity
 *   prior(e)   = Σ_{j ∈ N(q), e ∈ entries(j)} sim(q, j)  /  Σ_{j ∈ N(q)} sim(q, j)   ∈ [0, 1]
 *   score(q,e) = ranker score + usageWeight · prior(e)
 *
 * The prior is a share of the neighbours' similarity, so it is in [0, 1] like the
 * ranker's normalised score, and usageWeight says in the ranker's own units how much a
 * unanimous vote is worth: the thresholds of `suggest` and of the prompt hook keep
 * their meaning. With no similar past text (an empty log, a new kind of task) the
 * prior is 0 and the ranking is the ranker's alone. Entries that no longer exist are
 * dropped when the index is built; a line left with none is ignored.
 *
 * The constants are chosen by leave-one-out on the development cases in time order
 * (bench/suggest.mjs): each plan sees the plans before it as usage lines.
 *
 * Speed: the past texts are an inverted index (term → postings of [line, weight]),
 * built once per change of the log and of the memory (the model cache keeps it,
 * node/usage-cache.ts), so a query touches only the postings of its own terms.
 */
import { foldKey } from '../model/keys.js';
import { analyze } from './analyze.js';
import type { RankerIndex, SuggestIndex, UsageIndexData } from './index-data.js';
import type { SuggestParams } from './params.js';
import { idfOf } from './idf.js';
import { rankerIndex } from './ranker-index.js';
import type { UsageLine } from './usage.js';

/** The arrays an index is made of (what the model cache stores). */
export interface UsageArrays {
  readonly lines: number;
  readonly terms: readonly string[];
  /** Term t's postings are [termStart[t], termStart[t + 1]) of postLine / postWeight. */
  readonly termStart: Uint32Array;
  readonly termMax: Float32Array;
  readonly postLine: Uint32Array;
  readonly postWeight: Float32Array;
  /** Line l's entries are [entryStart[l], entryStart[l + 1]) of entryIds. */
  readonly entryStart: Uint32Array;
  readonly entryIds: Uint32Array;
}

/** A text's unit tf-idf vector over the tree's idf (unknown terms: idf at df = 0). */
function textVector(data: RankerIndex, text: string): Map<string, number> {
  const n = data.entries;
  const tf = new Map<string, number>();
  for (const term of analyze(text)) tf.set(term, (tf.get(term) ?? 0) + 1);
  const vector = new Map<string, number>();
  let norm = 0;
  for (const [term, count] of tf) {
    const id = data.termId(term);
    const w = (1 + Math.log(count)) * idfOf(n, id === undefined ? 0 : data.df(id));
    vector.set(term, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, w] of vector) vector.set(term, w / norm);
  return vector;
}

/** The usage lines indexed against the ranker's index; lines reaching no existing entry are left out. */
export type { UsageIndexData };

export function buildUsageIndex(data: SuggestIndex, lines: readonly UsageLine[]): UsageIndexData & { readonly arrays: UsageArrays } {
  const arrays = usageArrays(data, lines);
  const ids = new Map(arrays.terms.map((t, i) => [t, i]));
  const { termStart, termMax, postLine, postWeight, entryStart, entryIds } = arrays;
  return {
    lines: arrays.lines,
    terms: arrays.terms,
    arrays,
    termId: (term) => ids.get(term),
    termMax: (t) => termMax[t]!,
    postings: (t) => ({ lines: postLine.subarray(termStart[t], termStart[t + 1]), weights: postWeight.subarray(termStart[t], termStart[t + 1]) }),
    entries: (line) => entryIds.subarray(entryStart[line], entryStart[line + 1]),
  };
}

function usageArrays(index: SuggestIndex, lines: readonly UsageLine[]): UsageArrays {
  const data = rankerIndex(index);
  const entryOf = new Map(Array.from({ length: data.entries }, (_, id) => [foldKey(data.label(id)), id]));
  const postings = new Map<string, number[]>();
  const entryStart = [0];
  const entryIds: number[] = [];
  let line = 0;
  for (const usage of lines) {
    const ids = [...new Set(usage.entries.map((label) => entryOf.get(foldKey(label))).filter((id): id is number => id !== undefined))];
    if (ids.length === 0) continue;
    const vector = textVector(data, usage.text);
    if (vector.size === 0) continue;
    for (const [term, w] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(line, w);
    }
    for (const id of ids) entryIds.push(id);
    entryStart.push(entryIds.length);
    line++;
  }
  const terms = [...postings.keys()].sort();
  const termStart = new Uint32Array(terms.length + 1);
  const termMax = new Float32Array(terms.length);
  let total = 0;
  terms.forEach((term, t) => {
    termStart[t] = total;
    total += postings.get(term)!.length / 2;
  });
  termStart[terms.length] = total;
  const postLine = new Uint32Array(total);
  const postWeight = new Float32Array(total);
  let at = 0;
  terms.forEach((term, t) => {
    const list = postings.get(term)!;
    for (let i = 0; i < list.length; i += 2, at++) {
      postLine[at] = list[i]!;
      postWeight[at] = list[i + 1]!;
      if (postWeight[at]! > termMax[t]!) termMax[t] = postWeight[at]!;
    }
  });
  return { lines: line, terms, termStart, termMax, postLine, postWeight, entryStart: Uint32Array.from(entryStart), entryIds: Uint32Array.from(entryIds) };
}

/**
 * Every entry's prior for a text (all zero when no past text is similar enough).
 * Query terms are taken by weight, heaviest first; once the terms left could not
 * bring a line the text has not met yet to usageSimilarity (Σ q_t · termMax_t <
 * the floor: Turtle & Flood's max-score), new lines are no longer collected, so a
 * long log costs the postings of a few terms.
 */
export function usagePrior(index: SuggestIndex, usage: UsageIndexData, text: string, params: SuggestParams): Float64Array {
  const data = rankerIndex(index);
  const prior = new Float64Array(data.entries);
  if (usage.lines === 0 || params.usageWeight === 0) return prior;
  const query: { t: number; w: number }[] = [];
  for (const [term, w] of textVector(data, text)) {
    const t = usage.termId(term);
    if (t !== undefined) query.push({ t, w });
  }
  query.sort((a, b) => b.w * usage.termMax(b.t) - a.w * usage.termMax(a.t) || a.t - b.t);
  let reachable = 0;
  for (const { t, w } of query) reachable += w * usage.termMax(t);
  const sims = new Float64Array(usage.lines);
  const seen = new Uint8Array(usage.lines);
  const touched: number[] = [];
  for (const { t, w } of query) {
    const { lines, weights } = usage.postings(t);
    if (reachable >= params.usageSimilarity) {
      for (let p = 0; p < lines.length; p++) {
        const line = lines[p]!;
        if (seen[line] === 0) {
          seen[line] = 1;
          touched.push(line);
        }
        sims[line]! += w * weights[p]!;
      }
    } else {
      // Only the lines already met can still get there: look each up (postings are in line order).
      for (const line of touched) {
        const p = findPosting(lines, line);
        if (p >= 0) sims[line]! += w * weights[p]!;
      }
    }
    reachable -= w * usage.termMax(t);
  }
  const neighbours = touched
    .filter((line) => sims[line]! >= params.usageSimilarity)
    .sort((a, b) => sims[b]! - sims[a]! || b - a) // equal similarity: the more recent line
    .slice(0, params.usageNeighbours);
  let total = 0;
  for (const line of neighbours) total += sims[line]!;
  if (total <= 0) return prior;
  for (const line of neighbours) {
    const share = sims[line]! / total;
    const entries = usage.entries(line);
    for (let i = 0; i < entries.length; i++) prior[entries[i]!]! += share;
  }
  return prior;
}

/** The position of `line` in the ascending `lines`, or -1. */
function findPosting(lines: Uint32Array, line: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = lines[mid]!;
    if (at === line) return mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
