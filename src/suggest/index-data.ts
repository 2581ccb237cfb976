/**
 * The ranker's index of a memory tree as plain data (numbers, strings and arrays
 * only), so that it can be stored in the model cache (index-file.ts) and ranked
 * without the Project it came from.
 */

/** The fields of an entry, in the order of every per-field array below. */
export const FIELDS = ['trigger', 'extras', 'headings', 'body', 'file'] as const;
export type FieldName = (typeof FIELDS)[number];

export interface SuggestIndexData {
  readonly version: 1;
  /** Per entry, in index order: its label, `/when <trigger>`, `/how <trigger>` (a legacy entry: its key). */
  readonly labels: readonly string[];
  /** The vocabulary: Porter stems, in order of first occurrence. */
  readonly terms: readonly string[];
  /** Per term: the number of entries containing it in any field. */
  readonly df: readonly number[];
  /** Per entry × field (entry * FIELDS.length + field): the field's length in terms. */
  readonly lengths: readonly number[];
  /** Per term: flat triples [entry, field, term frequency], entries ascending. */
  readonly postings: readonly (readonly number[])[];
  /**
   * The tree's statistics for one set of parameters (rank.ts treeStats), computed when
   * the index is built, so that a process ranking from the cache does not walk every
   * posting first; used only when `params` is the ranking's (JSON of SuggestParams).
   */
  readonly stats?: TreeStats & { readonly params: string };
  /**
   * The project's usage log indexed against this index (usage-prior.ts), attached when
   * the index is loaded for ranking (app/suggest-index.ts); never part of the cached
   * index itself (it has its own cache file). rank() fuses its prior when present.
   */
  readonly usage?: UsageIndexData;
}

/**
 * The index as ranking reads it, one term at a time (rank.ts, usage-prior.ts): over the plain data
 * (rank.ts rankerIndex), or over the bytes of its cache file, decoding only what a query's terms
 * reach (index-file.ts: a prompt or a miss never parses the whole index).
 */
export interface RankerIndex {
  /** The number of entries. */
  readonly entries: number;
  /** A term's id, or undefined when no entry has it. */
  termId(term: string): number | undefined;
  /** The number of entries containing term t in any field. */
  df(t: number): number;
  /** Term t's postings: flat triples [entry, field, term frequency], entries ascending. */
  postings(t: number): ArrayLike<number>;
  /** Per entry × field (entry * FIELDS.length + field): the field's length in terms. */
  readonly lengths: ArrayLike<number>;
  /** An entry's label. */
  label(entry: number): string;
  /** As SuggestIndexData's. */
  readonly stats?: SuggestIndexData['stats'];
  /** As SuggestIndexData's. */
  readonly usage?: UsageIndexData;
  /** The plain data, decoded whole: only for what walks every posting (tree statistics for other parameters). */
  data(): SuggestIndexData;
}

/** An index in either form: what the ranker's functions take. */
export type SuggestIndex = SuggestIndexData | RankerIndex;

/** What scoring needs of the whole tree besides the postings: per-field average lengths and E (rank.ts). */
export interface TreeStats {
  readonly avgLength: readonly number[];
  readonly entryMass: number;
}

/**
 * The usage log indexed for one ranker index, behind accessors: built in memory here,
 * or read back from the model cache a piece at a time (node/usage-log.ts; built by usage-prior.ts reads only
 * the postings of the query's terms and the entries of the neighbours, never the
 * whole log).
 */
export interface UsageIndexData {
  /** The number of lines that vote (lines reaching no existing entry are left out). */
  readonly lines: number;
  /** The vocabulary, sorted. */
  readonly terms: readonly string[];
  /** A term's id (its place in `terms`), or undefined when no past text has it. */
  termId(term: string): number | undefined;
  /** The largest weight in term t's postings: bounds what a line first met at t can still reach. */
  termMax(t: number): number;
  /** Term t's postings: the lines having it, ascending, and its weight in each line's unit vector. */
  postings(t: number): { readonly lines: Uint32Array; readonly weights: Float32Array };
  /** A line's entries (ids in the ranker index). */
  entries(line: number): Uint32Array;
}

