import type { FieldName } from './index-data.js';

/** Every constant of the topic ranker, one frozen value; the essay in rank.ts explains and justifies each one. */
export interface SuggestParams {
  /** BM25 term-frequency saturation of the combined (field-weighted) frequency. */
  readonly k1: number;
  /** Weight of one occurrence in each field, relative to the section text. */
  readonly fieldWeight: Readonly<Record<FieldName, number>>;
  /** Length normalisation of each field (0 none, 1 full). */
  readonly fieldB: Readonly<Record<FieldName, number>>;
  /** Saturation of a term's frequency in the query (0: presence only; large: raw count). */
  readonly queryK: number;
  /** Only the query's most informative terms are used: at most this many. */
  readonly maxQueryTerms: number;
  /** A long text is also scored in passages of at least this many characters (prompt-sized). */
  readonly passageChars: number;
  /** Weight of the best passage's score against the whole text's: score = (1 − w)·whole + w·best passage. */
  readonly passageWeight: number;
  /** `memdex suggest` returns only entries whose normalised score reaches this. */
  readonly threshold: number;
  /** The prompt hook injects only entries whose normalised score reaches this. */
  readonly hookThreshold: number;
  /** The prompt hook injects at most this many entries. */
  readonly hookLimit: number;
  /** Weight of the usage prior (usage-prior.ts) in the ranker's units: what a unanimous vote of similar past texts adds. */
  readonly usageWeight: number;
  /** A past text votes only when its similarity (tf-idf cosine) to the text reaches this. */
  readonly usageSimilarity: number;
  /** At most this many past texts vote: the most similar. */
  readonly usageNeighbours: number;
  /** A trigger miss (`memdex when|how`) lists at most this many entries about its words. */
  readonly missLimit: number;
}

export const DEFAULT_SUGGEST_PARAMS: SuggestParams = Object.freeze({
  k1: 2,
  fieldWeight: Object.freeze({ trigger: 5, extras: 2, headings: 0.5, body: 0.6, file: 1 }),
  fieldB: Object.freeze({ trigger: 0.5, extras: 0.5, headings: 0.5, body: 0.75, file: 0.5 }),
  queryK: 8,
  maxQueryTerms: 1000,
  passageChars: 300,
  passageWeight: 0.5,
  threshold: 0.2,
  hookThreshold: 0.45,
  hookLimit: 1,
  missLimit: 3,
  usageWeight: 0.3,
  usageSimilarity: 0.5,
  usageNeighbours: 5,
});

/**
 * The prompt hook's precision at these params, as bench/suggest.mjs measures it by
 * leave-one-out on the development plans (their first 300 characters, a new session
 * each): `memdex doctor` shows it; the bench says when it no longer matches.
 */
export const HOOK_PRECISION_MEASURED = Object.freeze({ relevant: 4, pointers: 6, plansSpokenOn: 6, plans: 15 });
