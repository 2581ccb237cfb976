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
import type { SuggestIndexData } from './index-data.js';
import type { SuggestParams } from './params.js';
import { idfOf } from './idf.js';
import type { UsageLine } from './usage.js';

/** The usage log indexed for one ranker index: plain arrays, stored in the model cache. */
export interface UsageIndexData {
  /** The vocabulary of the past texts. */
  readonly terms: readonly string[];
  /** Term t's postings are [termStart[t], termStart[t + 1]) of postLine / postWeight. */
  readonly termStart: readonly number[];
  readonly postLine: Uint32Array;
  /** The term's weight in the line's unit vector. */
  readonly postWeight: Float32Array;
  /** Line l's entries (ids in the ranker index) are [entryStart[l], entryStart[l + 1]) of entryIds. */
  readonly entryStart: readonly number[];
  readonly entryIds: readonly number[];
}

/** A text's unit tf-idf vector over the tree's idf (unknown terms: idf at df = 0). */
function textVector(data: SuggestIndexData, termId: ReadonlyMap<string, number>, text: string): Map<string, number> {
  const n = data.labels.length;
  const tf = new Map<string, number>();
  for (const term of analyze(text)) tf.set(term, (tf.get(term) ?? 0) + 1);
  const vector = new Map<string, number>();
  let norm = 0;
  for (const [term, count] of tf) {
    const id = termId.get(term);
    const w = (1 + Math.log(count)) * idfOf(n, id === undefined ? 0 : data.df[id]!);
    vector.set(term, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, w] of vector) vector.set(term, w / norm);
  return vector;
}

const termIds = new WeakMap<SuggestIndexData, Map<string, number>>();
function termIdOf(data: SuggestIndexData): Map<string, number> {
  let map = termIds.get(data);
  if (!map) termIds.set(data, (map = new Map(data.terms.map((t, i) => [t, i]))));
  return map;
}

/** The usage lines indexed against the ranker's index; lines reaching no existing entry are left out. */
export function buildUsageIndex(data: SuggestIndexData, lines: readonly UsageLine[]): UsageIndexData {
  const entryOf = new Map(data.labels.map((label, id) => [foldKey(label), id]));
  const termId = termIdOf(data);
  const postings = new Map<string, number[]>();
  const entryStart = [0];
  const entryIds: number[] = [];
  let line = 0;
  for (const usage of lines) {
    const ids = [...new Set(usage.entries.map((label) => entryOf.get(foldKey(label))).filter((id): id is number => id !== undefined))];
    if (ids.length === 0) continue;
    const vector = textVector(data, termId, usage.text);
    if (vector.size === 0) continue;
    for (const [term, w] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(line, w);
    }
    entryIds.push(...ids);
    entryStart.push(entryIds.length);
    line++;
  }
  const terms = [...postings.keys()];
  const termStart = [0];
  let total = 0;
  for (const term of terms) termStart.push((total += postings.get(term)!.length / 2));
  const postLine = new Uint32Array(total);
  const postWeight = new Float32Array(total);
  let at = 0;
  for (const term of terms) {
    const list = postings.get(term)!;
    for (let i = 0; i < list.length; i += 2, at++) {
      postLine[at] = list[i]!;
      postWeight[at] = list[i + 1]!;
    }
  }
  return { terms, termStart, postLine, postWeight, entryStart, entryIds };
}

const usageTermIds = new WeakMap<UsageIndexData, Map<string, number>>();

/** Every entry's prior for a text (all zero when no past text is similar enough). */
export function usagePrior(data: SuggestIndexData, usage: UsageIndexData, text: string, params: SuggestParams): Float64Array {
  const prior = new Float64Array(data.labels.length);
  const lines = usage.entryStart.length - 1;
  if (lines === 0 || params.usageWeight === 0) return prior;
  let ids = usageTermIds.get(usage);
  if (!ids) usageTermIds.set(usage, (ids = new Map(usage.terms.map((t, i) => [t, i]))));
  const sims = new Float64Array(lines);
  const touched: number[] = [];
  for (const [term, w] of textVector(data, termIdOf(data), text)) {
    const t = ids.get(term);
    if (t === undefined) continue;
    for (let p = usage.termStart[t]!; p < usage.termStart[t + 1]!; p++) {
      const line = usage.postLine[p]!;
      if (sims[line] === 0) touched.push(line);
      sims[line]! += w * usage.postWeight[p]!;
    }
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
    for (let i = usage.entryStart[line]!; i < usage.entryStart[line + 1]!; i++) prior[usage.entryIds[i]!]! += share;
  }
  return prior;
}
