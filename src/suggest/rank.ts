/**
 * ESSAY (to be written)
 */
import { analyze } from './analyze.js';
import { FIELDS, type SuggestIndexData } from './index-data.js';
import type { SuggestParams } from './params.js';

export interface Suggestion {
  readonly label: string;
  /** Normalised score (see the essay): comparable across trees and query lengths. */
  readonly score: number;
}

/** Every entry's BM25F score for a text, and the normaliser that makes a threshold portable. */
export interface Scored {
  readonly raw: Float64Array;
  /** √(Q · E): the query's self-score times the tree's mean entry self-score. */
  readonly norm: number;
}

interface Prepared {
  readonly termId: ReadonlyMap<string, number>;
  readonly idf: Float64Array;
  /** idf of a term no entry contains (df = 0): the most informative a term can be. */
  readonly unseenIdf: number;
  readonly avgLength: Float64Array;
  /** E: the mean over entries of the score an entry's own trigger and extras give it. */
  readonly entryMass: number;
}

const preparedByData = new WeakMap<SuggestIndexData, WeakMap<SuggestParams, Prepared>>();

function idfOf(entries: number, df: number): number {
  return Math.log(1 + (entries - df + 0.5) / (df + 0.5));
}

/** Query term weight: the query's own term frequency, saturated like BM25's k3. */
function queryWeight(tf: number, params: SuggestParams): number {
  return (tf * (params.queryK + 1)) / (params.queryK + tf);
}

function prepare(data: SuggestIndexData, params: SuggestParams): Prepared {
  let byParams = preparedByData.get(data);
  if (!byParams) preparedByData.set(data, (byParams = new WeakMap()));
  let p = byParams.get(params);
  if (p) return p;
  const n = data.labels.length;
  const F = FIELDS.length;
  const idf = Float64Array.from(data.df, (df) => idfOf(n, df));
  const avgLength = new Float64Array(F);
  for (let i = 0; i < data.lengths.length; i++) avgLength[i % F]! += data.lengths[i]!;
  for (let f = 0; f < F; f++) avgLength[f] = n > 0 ? avgLength[f]! / n : 0;
  const weight = FIELDS.map((f) => params.fieldWeight[f]);
  const b = FIELDS.map((f) => params.fieldB[f]);
  // E: each entry scored against its own trigger and extras (their term frequencies as the query's).
  let selfTotal = 0;
  data.postings.forEach((list, term) => {
    for (let i = 0; i < list.length; ) {
      const entry = list[i]!;
      let combined = 0;
      let keyTf = 0;
      for (; i < list.length && list[i] === entry; i += 3) {
        const field = list[i + 1]!;
        const tf = list[i + 2]!;
        combined += (weight[field]! * tf) / lengthNorm(b[field]!, data.lengths[entry * F + field]!, avgLength[field]!);
        if (field === TRIGGER || field === EXTRAS) keyTf += tf;
      }
      if (keyTf > 0) selfTotal += queryWeight(keyTf, params) * idf[term]! * (combined / (params.k1 + combined));
    }
  });
  p = {
    termId: new Map(data.terms.map((t, i) => [t, i])),
    idf,
    unseenIdf: idfOf(n, 0),
    avgLength,
    entryMass: n > 0 ? selfTotal / n : 0,
  };
  byParams.set(params, p);
  return p;
}

const TRIGGER = FIELDS.indexOf('trigger');
const EXTRAS = FIELDS.indexOf('extras');

/** BM25's length normalisation of one field: 1 at the average length. */
function lengthNorm(b: number, length: number, average: number): number {
  return 1 - b + (average > 0 ? (b * length) / average : 0);
}

export function scoreEntries(data: SuggestIndexData, text: string, params: SuggestParams): Scored {
  const p = prepare(data, params);
  const n = data.labels.length;
  const F = FIELDS.length;
  const raw = new Float64Array(n);
  const qtf = new Map<string, number>();
  for (const term of analyze(text)) qtf.set(term, (qtf.get(term) ?? 0) + 1);
  const query = [...qtf].map(([term, tf]) => {
    const id = p.termId.get(term);
    return { term, id, weight: queryWeight(tf, params) * (id === undefined ? p.unseenIdf : p.idf[id]!) };
  });
  // The most informative terms first; equal weights in term order, so the cut is deterministic.
  query.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
  query.length = Math.min(query.length, params.maxQueryTerms);
  const weight = FIELDS.map((f) => params.fieldWeight[f]);
  const b = FIELDS.map((f) => params.fieldB[f]);
  const acc = new Float64Array(n);
  const touched: number[] = [];
  let queryMass = 0;
  const selfSaturation = params.fieldWeight.trigger / (params.k1 + params.fieldWeight.trigger);
  for (const { id, weight: w } of query) {
    queryMass += w * selfSaturation;
    if (id === undefined) continue;
    const list = data.postings[id]!;
    for (let i = 0; i < list.length; i += 3) {
      const entry = list[i]!;
      const field = list[i + 1]!;
      if (acc[entry] === 0) touched.push(entry);
      acc[entry]! += (weight[field]! * list[i + 2]!) / lengthNorm(b[field]!, data.lengths[entry * F + field]!, p.avgLength[field]!);
    }
    for (const entry of touched) {
      const combined = acc[entry]!;
      raw[entry]! += (w * combined) / (params.k1 + combined);
      acc[entry] = 0;
    }
    touched.length = 0;
  }
  return { raw, norm: Math.sqrt(queryMass * p.entryMass) };
}

/**
 * The entries the text is about, best first: normalised score ≥ `threshold`
 * (params.threshold unless given), at most `limit`. Ties go to the earlier entry.
 */
export function rank(data: SuggestIndexData, text: string, params: SuggestParams, options: { limit?: number; threshold?: number } = {}): Suggestion[] {
  const { raw, norm } = scoreEntries(data, text, params);
  const threshold = options.threshold ?? params.threshold;
  const found: { entry: number; score: number }[] = [];
  if (norm > 0) {
    raw.forEach((s, entry) => {
      const score = s / norm;
      if (s > 0 && score >= threshold) found.push({ entry, score });
    });
  }
  found.sort((a, b) => b.score - a.score || a.entry - b.entry);
  return found.slice(0, options.limit ?? Infinity).map(({ entry, score }) => ({ label: data.labels[entry]!, score: round(score) }));
}

/** Six decimals: equal evidence prints equal, and floating-point noise never reorders output. */
function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
