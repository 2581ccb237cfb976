/**
 * The topic ranker: which memory entries a text (a plan, a prompt) is about.
 *
 * The resolver (src/resolve) answers "which section does this trigger name?" for an
 * agent that already knows the trigger. This module answers the question an agent
 * never asks on its own: "which of the memories I have matter for this task?". The
 * input is free prose, 300 characters of a prompt to a whole plan of several thousand;
 * the output is the index entries ranked by how much the text is about them, and
 * nothing at all when nothing stands out.
 *
 * Model: BM25F (Robertson, Zaragoza & Taylor 2004; Robertson & Zaragoza 2009, "The
 * Probabilistic Relevance Framework: BM25 and Beyond", §3.4), the standard ranking
 * function for documents made of fields of different worth. Each index entry is one
 * document with five fields (index-data.ts FIELDS, built in build-index.ts):
 *
 *   trigger    `/when writing mock tests` → writing mock tests: the curated summary
 *   extras     the words after `|`: synonyms the author chose to be found by
 *   headings   the section's parent headings and the file title (`.Mock Patching`,
 *              `# Testing`): the topic the entry sits in
 *   body       the section's own text up to its first sub-heading (sub-sections are
 *              entries of their own)
 *   file       the decision file's name (`workflow-planning`)
 *
 * Text becomes terms the same way on both sides (analyze.ts): lower-cased words, the
 * Snowball English stop list removed, Porter stems (`gates`, `gating` → `gate`).
 *
 * Scoring one entry d for a query q (the sums are over distinct terms):
 *
 *   tf~(t, d)  = Σ_f  fieldWeight_f · tf(t, f, d) / (1 − b_f + b_f · len(f, d) / avglen_f)
 *   idf(t)     = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))          (never negative)
 *   qw(t)      = qtf(t) · (queryK + 1) / (queryK + qtf(t))
 *   raw(q, d)  = Σ_t  qw(t) · idf(t) · tf~(t, d) / (k1 + tf~(t, d))
 *
 * Field weights multiply an occurrence *before* saturation: a word in the trigger is
 * worth fieldWeight.trigger occurrences in the body, and several fields repeating the
 * same word saturate together (the point of BM25F over a sum of per-field BM25s,
 * which would count one word once per field). b_f normalises each field by its own
 * average length, so a long section does not win by being long. qw is the classic
 * BM25 query-term saturation (k3 in the literature): a plan that says "recall" forty
 * times is about recall, but not forty times more than a plan that says it twice.
 *
 * Long and short queries. A 4,000-character plan has hundreds of distinct terms; most
 * are generic and have low idf, and qw·idf orders them by how informative they are
 * for this tree. maxQueryTerms keeps the most informative ones (it only matters for
 * documents far longer than a plan: the default keeps every term of the dev plans).
 * A 300-character prompt is scored by the same formula; a word the tree does not
 * know still counts in the normaliser below, as the most informative kind of word
 * (df = 0), so a prompt that is mostly about something else scores low.
 *
 * Passages. A plan covers several topics, and as one bag of words its main topic
 * drowns the others: an entry that one section of the plan is precisely about scores
 * like an entry the whole plan mentions in passing. So a text longer than two
 * passages is also cut into passages (at markdown headings and blank lines, blocks
 * joined until they reach passageChars, 300: the size of a prompt, so a passage is
 * scored exactly as a prompt would be), and
 *
 *   score(q, d) = (1 − passageWeight) · score_whole(q, d) + passageWeight · max_p score(p, d)
 *
 * which is passage-level evidence (Callan 1994, "Passage-level evidence in document
 * retrieval") turned around to the query side. Both terms are normalised scores
 * (below), so the mix stays on the same scale and the thresholds keep their meaning.
 * passageWeight 0.5 weighs the two kinds of evidence alike; the benchmark's grid
 * tries 0 and 0.5, and every leave-one-out fold chooses 0.5 (whole-document MRR
 * 0.75 → 0.84 on the development cases).
 *
 * Normalisation, and why a threshold means the same everywhere. raw grows with the
 * length of the query (more terms, more matches) and with the size of the tree (idf
 * grows with N). A threshold on raw would mean one thing for a prompt and another
 * for a plan. So the reported score is a cosine, the vector-space normalisation
 * carried over to BM25F's weights:
 *
 *   Q          = Σ_t qw(t) · idf(t) · sat,   sat = w_trigger / (k1 + w_trigger)
 *                (the query scored against itself, as if it were a trigger of
 *                 average length; unknown words count with idf at df = 0)
 *   E          = mean over entries d of raw(key(d), d), key(d) = its trigger and extras
 *                (what an entry's own words give it: the tree's typical self-score)
 *   score(q,d) = raw(q, d) / √(Q · E)
 *
 * Both Q and E are sums of the same idf-weighted saturations as raw, so the tree's
 * idf scale cancels, and Q's growth with the query's length cancels the growth of
 * raw with it; E is one number per tree, so the ranking is raw's (dividing by each
 * entry's own self-score instead favoured one-word triggers and cost MRR on the
 * development cases). Two properties the tests assert: a query made of one term of a
 * two-term trigger, in a tree of two such entries, scores exactly 1/√2 whatever the
 * constants; and each unknown word divides the score by √(1 + idf₀ / Q).
 *
 * Where every constant comes from (issue 22: no constant is reported in-sample). The
 * benchmark (bench/suggest.mjs, protocol in bench/suggest-protocol.mjs) reports every
 * figure by leave-one-out over the development cases: each case is ranked with the
 * constants chosen on the others, and plain BM25 is printed beside it.
 *   Chosen by leave-one-out on a grid around the literature values (k1 1.2, a title
 *   field weighted several times the body): trigger, extras, headings and body
 *   weights, k1, queryK, passageWeight. Objective: MRR + R@10, whole plans and their
 *   first 300 characters, as written. params.ts holds the point 14 of the 15 folds choose.
 *     k1 2           a little more room than 1.2 before a repeated word stops counting:
 *                    triggers are short, so repetition across fields is real evidence.
 *     trigger 5      the curated summary; extras 2, synonyms, less specific than the
 *                    trigger; body 0.6, many words of which few are the topic;
 *                    headings 0.5, shared by every sibling, so they separate little.
 *     queryK 8       close to raw query frequency: in a plan, repetition is emphasis.
 *     passageWeight  0.5, see Passages.
 *   Literature values, not fitted: b 0.75 for the running text and 0.5 for the short
 *   fields (Robertson & Zaragoza 2009), file weight 1 (one or two words naming the
 *   area, worth one body occurrence).
 *   Derived: passageChars 300 (a prompt's size, so a passage is scored as a prompt
 *   is); maxQueryTerms 1000 (inactive on plans: a guard for much longer documents).
 *   Thresholds:
 *     threshold      `memdex suggest` says nothing below it. Unrelated control texts
 *                    (a recipe, a weather report, ...) reach at most ~0.14 in every
 *                    development tree; every development case's first 300 characters
 *                    has a top score of at least ~0.21. 0.2 lies between the two: set
 *                    by texts that are not cases, so no case is tuned on. (Small talk
 *                    to an agent reaches ~0.3: `suggest` answers it, the hook does not.)
 *     hookLimit 1,   the prompt hook points to at most this many entries, only above
 *     hookThreshold  this score: the pair is chosen precision first (precision ≥ 0.8
 *       0.45         on at least 3 pointers, then the most plans spoken on), by
 *                    leave-one-out; every fold chooses one pointer (a prompt's second
 *                    and third best entries are relevant far less often than its best),
 *                    13 of 15 folds 0.45.
 *   Usage prior (usage-prior.ts): usageWeight 0.3 and usageSimilarity 0.5, chosen by
 *     leave-one-out with each plan's earlier plans as its usage log (time order; 13
 *     of 15 folds); usageNeighbours 5, fixed (the folds' figures do not move with it).
 *     The benchmark reports that the prior does not raise the development figures
 *     (their plans are unlike each other); the floor keeps it silent until a past
 *     text is close.
 *   Fixed by the product: missLimit 3, a `when`/`how` miss lists at most 3 entries
 *   about its words, above `threshold`, so the message stays a few lines.
 *
 * What the model leaves out, measured: evidence beyond the query's words. Static word
 * vectors (GloVe), the tree's own co-occurrence (LSA, a translation model from section
 * words to trigger words), neighbouring entries' scores and query-independent priors,
 * each fused with these scores at a strength chosen by leave-one-out, leave
 * whole-document R@10 where it is and cost MRR when forced (bench/suggest-semantic.mjs,
 * docs/suggest.md): so the ranker carries no vector table. Nor do pseudo-relevance
 * feedback (RM3), the entries under the same headings, a popularity prior from the
 * usage log or the plan's own headings raise it beyond the noise (+0.02 at best, its
 * interval across 0: bench/suggest-variants.mjs).
 *
 * What the constants cost on plans that never name their triggers, measured: with every
 * word of a plan's relevant triggers removed (bench/suggest-protocol.mjs, masked), these
 * constants score below plain BM25 (MRR 0.39 against 0.46), as they did on the owner's
 * kept-aside plans that do not quote a trigger. Chosen with masked plans in the
 * objective, the folds take trigger 1 and queryK 1.2 (masked 0.56, the plans as written
 * unchanged), but those constants also bring small talk within 0.06 of the hook's
 * threshold (0.6 by leave-one-out; 0.13 below 0.45 now), leave a prompt that is one
 * trigger 0.07 above it (0.30 now), lose first-300 MRR (0.66 → 0.63), and in the example
 * tree rank `/when writing mock tests` above `/when a test needs the clock` for "the test
 * must not depend on the wall clock". They are measured beside these
 * (bench/suggest-variants.mjs) and not shipped until kept-aside plans confirm the gain.
 *
 * Speed: postings per term ([entry, field, tf] triples), so a query touches only the
 * entries that share a term with it, read through RankerIndex a term at a time (the
 * cached index is never decoded whole: index-file.ts); a term's idf is computed when a
 * query has it; the average lengths and E are computed once per index and params (a
 * WeakMap), and are stored in the index when it is built (for the default params), so
 * a process that ranks from the cache never walks every posting. A prompt over the
 * generated 10,000-entry tree ranks in under a millisecond, a whole plan (one query
 * per passage) in tens of milliseconds (bench/RESULTS.md).
 */
import { analyze } from './analyze.js';
import { idfOf } from './idf.js';
import { FIELDS, type RankerIndex, type SuggestIndex, type SuggestIndexData, type TreeStats } from './index-data.js';
import type { SuggestParams } from './params.js';
import { rankerIndex } from './ranker-index.js';
import { usagePrior, type UsageIndexData } from './usage-prior.js';

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
  /** idf of a term no entry contains (df = 0): the most informative a term can be. */
  readonly unseenIdf: number;
  readonly avgLength: Float64Array;
  /** E: the mean over entries of the score an entry's own trigger and extras give it. */
  readonly entryMass: number;
  /** Scratch space of one query term's field-weighted frequencies, all zero between terms. */
  readonly acc: Float64Array;
}

const preparedByData = new WeakMap<RankerIndex, WeakMap<SuggestParams, Prepared>>();

/** Query term weight: the query's own term frequency, saturated like BM25's k3. */
function queryWeight(tf: number, params: SuggestParams): number {
  return (tf * (params.queryK + 1)) / (params.queryK + tf);
}

function prepare(index: RankerIndex, params: SuggestParams): Prepared {
  let byParams = preparedByData.get(index);
  if (!byParams) preparedByData.set(index, (byParams = new WeakMap()));
  let p = byParams.get(params);
  if (p) return p;
  const n = index.entries;
  const stats = index.stats?.params === JSON.stringify(params) ? index.stats : treeStats(index.data(), params);
  p = {
    unseenIdf: idfOf(n, 0),
    avgLength: Float64Array.from(stats.avgLength),
    entryMass: stats.entryMass,
    acc: new Float64Array(n),
  };
  byParams.set(params, p);
  return p;
}

/**
 * The per-field average lengths and E, the mean over entries of the score an entry's
 * own trigger and extras give it (see the essay): one walk over every posting.
 */
export function treeStats(data: SuggestIndexData, params: SuggestParams): TreeStats {
  const n = data.labels.length;
  const F = FIELDS.length;
  const avgLength = new Array<number>(F).fill(0);
  for (let i = 0; i < data.lengths.length; i++) avgLength[i % F]! += data.lengths[i]!;
  for (let f = 0; f < F; f++) avgLength[f] = n > 0 ? avgLength[f]! / n : 0;
  const weight = FIELDS.map((f) => params.fieldWeight[f]);
  const b = FIELDS.map((f) => params.fieldB[f]);
  let selfTotal = 0;
  data.postings.forEach((list, term) => {
    const idf = idfOf(n, data.df[term]!);
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
      if (keyTf > 0) selfTotal += queryWeight(keyTf, params) * idf * (combined / (params.k1 + combined));
    }
  });
  return { avgLength, entryMass: n > 0 ? selfTotal / n : 0 };
}

const TRIGGER = FIELDS.indexOf('trigger');
const EXTRAS = FIELDS.indexOf('extras');

/** BM25's length normalisation of one field: 1 at the average length. */
function lengthNorm(b: number, length: number, average: number): number {
  return 1 - b + (average > 0 ? (b * length) / average : 0);
}

export function scoreEntries(index: SuggestIndex, text: string, params: SuggestParams): Scored {
  const data = rankerIndex(index);
  const raw = new Float64Array(data.entries);
  const norm = scoreInto(data, prepare(data, params), text, params, raw, []);
  return { raw, norm };
}

/**
 * Adds every entry's raw score for `text` into `raw` (all zero on entry), lists the
 * entries it scored in `scored`, and returns the normaliser √(Q · E). The work is
 * proportional to the postings of the query's terms, never to the tree's size.
 */
function scoreInto(data: RankerIndex, p: Prepared, text: string, params: SuggestParams, raw: Float64Array, scored: number[]): number {
  const F = FIELDS.length;
  const qtf = new Map<string, number>();
  for (const term of analyze(text)) qtf.set(term, (qtf.get(term) ?? 0) + 1);
  const query = [...qtf].map(([term, tf]) => {
    const id = data.termId(term);
    return { term, id, weight: queryWeight(tf, params) * (id === undefined ? p.unseenIdf : idfOf(data.entries, data.df(id))) };
  });
  // The most informative terms first; equal weights in term order, so the cut is deterministic.
  query.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
  query.length = Math.min(query.length, params.maxQueryTerms);
  const weight = FIELDS.map((f) => params.fieldWeight[f]);
  const b = FIELDS.map((f) => params.fieldB[f]);
  const acc = p.acc;
  const touched: number[] = [];
  let queryMass = 0;
  const selfSaturation = params.fieldWeight.trigger / (params.k1 + params.fieldWeight.trigger);
  for (const { id, weight: w } of query) {
    queryMass += w * selfSaturation;
    if (id === undefined) continue;
    const list = data.postings(id);
    for (let i = 0; i < list.length; i += 3) {
      const entry = list[i]!;
      const field = list[i + 1]!;
      if (acc[entry] === 0) touched.push(entry);
      acc[entry]! += (weight[field]! * list[i + 2]!) / lengthNorm(b[field]!, data.lengths[entry * F + field]!, p.avgLength[field]!);
    }
    for (const entry of touched) {
      const combined = acc[entry]!;
      if (raw[entry] === 0) scored.push(entry);
      raw[entry]! += (w * combined) / (params.k1 + combined);
      acc[entry] = 0;
    }
    touched.length = 0;
  }
  return Math.sqrt(queryMass * p.entryMass);
}

/**
 * Every entry's normalised score for a text: raw / norm for a short text; for a text
 * longer than two passages, the mix of the whole text's score and its best passage's.
 */
export function normalisedScores(index: SuggestIndex, text: string, params: SuggestParams, usage?: UsageIndexData): Float64Array {
  const data = rankerIndex(index);
  const lexical = lexicalScores(data, text, params);
  if (usage === undefined || params.usageWeight === 0) return lexical;
  const prior = usagePrior(data, usage, text, params);
  return lexical.map((s, e) => s + params.usageWeight * prior[e]!);
}

function lexicalScores(data: RankerIndex, text: string, params: SuggestParams): Float64Array {
  const whole = normalise(scoreEntries(data, text, params));
  const parts = passages(text, params.passageChars);
  if (parts.length < 2 || params.passageWeight === 0) return whole;
  const p = prepare(data, params);
  const best = new Float64Array(whole.length);
  const raw = new Float64Array(whole.length);
  const scored: number[] = [];
  for (const part of parts) {
    const norm = scoreInto(data, p, part, params, raw, scored);
    for (const e of scored) {
      if (raw[e]! / norm > best[e]!) best[e] = raw[e]! / norm;
      raw[e] = 0;
    }
    scored.length = 0;
  }
  const w = params.passageWeight;
  return whole.map((s, e) => (1 - w) * s + w * best[e]!);
}

function normalise({ raw, norm }: Scored): Float64Array {
  return raw.map((s) => (norm > 0 ? s / norm : 0));
}

/**
 * The text cut at markdown headings and blank lines into passages of at least
 * `minChars` (neighbouring blocks joined until they reach it; a short tail joins
 * the last passage). A text shorter than two passages is one passage.
 */
export function passages(text: string, minChars: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const block of text.split(/\n(?=#{1,6}\s)|\n[ \t]*\n/)) {
    current = current === '' ? block : `${current}\n${block}`;
    if (current.length >= minChars) {
      out.push(current);
      current = '';
    }
  }
  if (current.trim() !== '') {
    if (out.length > 0 && current.length < minChars / 2) out[out.length - 1] += `\n${current}`;
    else out.push(current);
  }
  return out;
}

/**
 * The entries the text is about, best first: normalised score (plus the usage
 * prior when a usage index is given or attached to the index) ≥ `threshold` (params.threshold unless
 * given), at most `limit`. Ties go to the earlier entry.
 */
export function rank(index: SuggestIndex, text: string, params: SuggestParams, options: { limit?: number; threshold?: number; usage?: UsageIndexData } = {}): Suggestion[] {
  const data = rankerIndex(index);
  const scores = normalisedScores(data, text, params, options.usage ?? data.usage);
  const threshold = options.threshold ?? params.threshold;
  const found: { entry: number; score: number }[] = [];
  scores.forEach((score, entry) => {
    if (score > 0 && score >= threshold) found.push({ entry, score: round(score) });
  });
  found.sort((a, b) => b.score - a.score || a.entry - b.entry);
  return found.slice(0, options.limit ?? Infinity).map(({ entry, score }) => ({ label: data.label(entry), score }));
}

/** Six decimals: equal evidence prints equal, and floating-point noise never reorders output. */
function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
