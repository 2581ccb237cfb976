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
 *
 * This is the one did-you-mean floor: headings (rules/closest-heading.ts), and names
 * (closestName: commands, subcommands, options, rule ids, directive kinds), with
 * the same formula. Names differ from phrases in one respect, the one NAME_PARAMS
 * changes: they are short words from a closed list of a few dozen, so a one-edit
 * neighbour of a short name (`fixx`, `chek`) is that name, where among the words of
 * a memory tree (`test`/`text`) it may be another word; and a name typed without
 * its dashes (`--dryrun`, `compresskey`) is that name.
 */
import { createMatcher } from './matcher.js';
import { DEFAULT_FUZZY_PARAMS, type FuzzyParams } from './params.js';

/** Share of the words a suggestion must explain on both sides: all but one in three. */
export const DID_YOU_MEAN_MIN_SHARE = 2 / 3;

export function didYouMeanFloor(params: FuzzyParams): number {
  return (params.weightRecall + params.weightPrecision) * DID_YOU_MEAN_MIN_SHARE + params.weightOrder;
}

export const DID_YOU_MEAN_FLOOR = didYouMeanFloor(DEFAULT_FUZZY_PARAMS);

/** Names are compared with a one-edit typo allowed from 3 letters on (see above); every other constant is the engine's. */
export const NAME_PARAMS: FuzzyParams = Object.freeze({ ...DEFAULT_FUZZY_PARAMS, typoMinLength: 3 });

/**
 * Did-you-mean for a name (a command, an option without its dashes, a rule id): the
 * known name closest to `given` when it scores at least the floor; undefined otherwise.
 */
export function closestName(given: string, names: readonly string[]): string | undefined {
  const forms = names.flatMap((name) => (name.includes('-') ? [[name, name] as const, [name.replace(/-/g, ''), name] as const] : [[name, name] as const]));
  const [best] = createMatcher(forms, ([form]) => form, NAME_PARAMS).rank(given, 1);
  return best && best.score >= didYouMeanFloor(NAME_PARAMS) ? best.item[1] : undefined;
}
