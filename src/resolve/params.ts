import { DEFAULT_FUZZY_PARAMS, type FuzzyParams } from '../fuzzy/params.js';

/** When a fuzzy best match counts as "clearly the best" (see resolve.ts). */
export interface ResolveParams {
  readonly fuzzy: FuzzyParams;
  /**
   * A fuzzy match below this is not returned, only suggested. 0.75 is what a
   * query keeps when it loses a content word of a three-word trigger or has one
   * typo; a match that shares only half its words stays below it.
   */
  readonly accept: number;
  /**
   * The best section must beat the best *other* section by this much, or the
   * answer is "ambiguous": returning a wrong section as success is the worst
   * failure, so near-ties are handed back to the agent as choices.
   */
  readonly margin: number;
  /** Small preference for an entry of the operator the agent used (a tie-break, below margin). */
  readonly operatorBonus: number;
  /** How many choices an ambiguous or not-found answer lists. */
  readonly suggestions: number;
}

export const DEFAULT_RESOLVE_PARAMS: ResolveParams = Object.freeze({
  fuzzy: DEFAULT_FUZZY_PARAMS,
  accept: 0.75,
  margin: 0.08,
  operatorBonus: 0.02,
  suggestions: 5,
});
