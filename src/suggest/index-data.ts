/**
 * The ranker's index of a memory tree as plain data (numbers, strings and arrays
 * only), so that it can be stored in the model cache as JSON and ranked without
 * the Project it came from.
 */
import type { UsageIndexData } from './usage-prior.js';

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
   * the index is loaded for ranking (node/suggest-cache.ts); never part of the cached
   * index itself (it has its own cache file). rank() fuses its prior when present.
   */
  readonly usage?: UsageIndexData;
}

/** What scoring needs of the whole tree besides the postings: per-field average lengths and E (rank.ts). */
export interface TreeStats {
  readonly avgLength: readonly number[];
  readonly entryMass: number;
}
