/**
 * Did-you-mean: the one candidate a misspelt name most likely meant, or nothing.
 *
 * A suggestion is only useful when it is what the user meant; a wrong one sends
 * them to an unrelated place (an orphan entry whose decision file was deleted
 * would otherwise be "corrected" to any heading sharing a word). So a suggestion
 * must score at least DID_YOU_MEAN_FLOOR, derived from the engine's weights
 * (matcher.ts): the candidate must explain at least DID_YOU_MEAN_MIN_SHARE of the
 * words on both sides (recall and precision) with the words in order:
 *
 *   floor = (weightRecall + weightPrecision) · DID_YOU_MEAN_MIN_SHARE + weightOrder
 *
 * With the default weights and a share of 2/3 that is 0.7: one typo in any word
 * passes (a typo keeps 0.8 of a word), one word replaced out of three content words
 * passes, one replaced out of two (half the meaning) does not.
 */
import { createMatcher } from './matcher.js';
import { DEFAULT_FUZZY_PARAMS, type FuzzyParams } from './params.js';

/** Share of the words a suggestion must explain on both sides: all but one in three. */
export const DID_YOU_MEAN_MIN_SHARE = 2 / 3;

export function didYouMeanFloor(params: FuzzyParams): number {
  return (params.weightRecall + params.weightPrecision) * DID_YOU_MEAN_MIN_SHARE + params.weightOrder;
}

export const DID_YOU_MEAN_FLOOR = didYouMeanFloor(DEFAULT_FUZZY_PARAMS);

/** The candidate closest to `query` when it scores at least the floor; undefined otherwise. */
export function closestWord(query: string, candidates: readonly string[], params: FuzzyParams = DEFAULT_FUZZY_PARAMS): string | undefined {
  const [best] = createMatcher(candidates, (c) => c, params).rank(query, 1);
  return best && best.score >= didYouMeanFloor(params) ? best.item : undefined;
}
