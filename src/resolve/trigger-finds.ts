/**
 * triggerFinds: does this trigger resolve to this target? The question compress-key
 * asks for every candidate trigger of every heading, answered exactly as
 * pickTrigger (trigger-pick.ts) would, without ranking every phrase.
 *
 * pickTrigger's fuzzy stage ranks the FUZZY_PHRASES best phrases, keeps each
 * target's best score (the operator's bonus added) and returns the top target when
 * it reaches `accept` and leads the next by `margin`. Ranking scores every phrase
 * that shares a word with the trigger: with n headings sharing most words, n per
 * question and n² for `compress-key --all`. To know whether target H wins, fewer
 * phrases matter. Let s be H's best score (its own few phrases, scored directly):
 *
 *   - s < accept: H is not returned (its score in the ranking is at most s).
 *   - another target's phrase scores above s − margin (without bonus): H is not
 *     returned. If that phrase is ranked, its target is within the margin; if it
 *     is not, FUZZY_PHRASES phrases scoring at least as much are, and one of them
 *     belongs to another target (H has fewer phrases than that: checked).
 *   - no other phrase scores above s − margin − bonus: H is returned. Another
 *     phrase ranked above H's best would score at least s − bonus > s − margin
 *     (margin > bonus: checked), so H's best is ranked and leads by the margin.
 *
 * The phrases above s − margin − bonus are found by the matcher's threshold search
 * (fuzzy/threshold-search.ts), which skips phrases that only share common words;
 * the first one above s − margin settles the question. Each comparison is
 * pickTrigger's own expression on the same floating-point values (the rounded word
 * score plus the bonus; `top − second >= margin`), so a score at a boundary is
 * decided here as there: before, such ties (common: scores are sums of a few
 * weights) went to pickTrigger, which ranks every phrase sharing a word, and their
 * number grew with the tree (27 at 2,000 headings, 109 at 4,000: compress-key --all
 * was super-linear, issue 26 item 15). What a bonus decides when FUZZY_PHRASES
 * phrases tie is left to pickTrigger, as are queries of stopwords only. The exact
 * stage is pickTrigger's own.
 */
import type { ResolveParams } from './params.js';
import { targetLine } from './choice-lines.js';
import { triggerSource } from './resolve.js';
import type { ResolverIndex } from './targets.js';
import { exactTargets, FUZZY_PHRASES, fuzzyText, pickTrigger, type TriggerQuery } from './trigger-pick.js';

/** The threshold search looks this far below s − margin − bonus: sums of weights are not exact. */
const BOUNDARY_SLACK = 1e-6;

const phrasesByTarget = new WeakMap<ResolverIndex, Map<number, number[]>>();

export function triggerFinds(index: ResolverIndex, params: ResolveParams, query: TriggerQuery, target: number): boolean {
  // Whether the target is found: no choice's line is read, so each is its label.
  const source = triggerSource(index, (t) => targetLine(index.targets[t]!));
  const hits = exactTargets(source, query);
  if (hits.length > 0) return hits.length === 1 && hits[0] === target;
  const slow = () => {
    const pick = pickTrigger(source, params, query);
    return pick.kind === 'found' && pick.target === target;
  };
  const own = ownPhrases(index).get(target) ?? [];
  if (own.length >= FUZZY_PHRASES || params.margin <= params.operatorBonus) return slow();
  const { matcher } = index;
  const text = fuzzyText(query);
  const bonus = (id: number) => (query.operator && index.candidates[id]!.operator === query.operator ? params.operatorBonus : 0);
  const minScore = params.fuzzy.minScore;
  const ownRaws = own.map((id) => matcher.score(text, id));
  const best = Math.max(...own.map((id, i) => (ownRaws[i]! >= minScore ? ownRaws[i]! + bonus(id) : -Infinity)));
  // pickTrigger's own comparisons, on the same floating-point values (a score is scoreWords' rounded value plus the
  // bonus, as there): no boundary is left unsure.
  if (!(best >= params.accept)) return false;
  const withinMargin = (score: number) => !(best - score >= params.margin);
  const line = best - params.margin;
  const ownSet = new Set(own);
  // Phrases that get no bonus (another operator): the only ones that can keep a phrase within the margin by its bonus out of the ranking.
  const unbonused = query.operator ? (phrasesWithout(index, query.operator) - own.filter((id) => bonus(id) === 0).length) : 0;
  const plain: number[] = []; // raw scores of the other unbonused phrases above the search threshold
  let refuted = false;
  let nearest = -Infinity; // best raw score of a phrase within the margin thanks to its bonus
  const handled = matcher.above(
    text,
    line - params.operatorBonus - BOUNDARY_SLACK,
    (id, raw) => {
      if (raw < minScore) return false; // never ranked
      if (withinMargin(raw)) return (refuted = true);
      if (bonus(id) === 0) plain.push(raw);
      if (withinMargin(raw + bonus(id))) {
        nearest = Math.max(nearest, raw);
        // Fewer than FUZZY_PHRASES own or unbonused phrases in all: a bonused other phrase is ranked.
        if (own.length + unbonused < FUZZY_PHRASES) return (refuted = true);
      }
      return false;
    },
    (id) => ownSet.has(id),
  );
  if (!handled) return slow();
  if (refuted) return false;
  // A phrase p within the margin by its bonus: if p is not ranked, FUZZY_PHRASES phrases scoring at
  // least as much are; all of them were visited, and unless they are all H's or unbonused, one
  // is another target's bonused phrase, within the margin too.
  if (nearest > -Infinity) {
    const atLeast = plain.filter((r) => r >= nearest).length + ownRaws.filter((r) => r >= nearest).length;
    return atLeast < FUZZY_PHRASES ? false : slow();
  }
  return true;
}

const unbonusedCounts = new WeakMap<ResolverIndex, Map<string, number>>();

/** How many phrases of the index are not of this operator (get no bonus). */
function phrasesWithout(index: ResolverIndex, operator: string): number {
  let counts = unbonusedCounts.get(index);
  if (!counts) unbonusedCounts.set(index, (counts = new Map()));
  let count = counts.get(operator);
  if (count === undefined) counts.set(operator, (count = index.candidates.filter((c) => c.operator !== operator).length));
  return count;
}

/** Candidate ids by target. */
function ownPhrases(index: ResolverIndex): Map<number, number[]> {
  let map = phrasesByTarget.get(index);
  if (!map) {
    map = new Map();
    index.candidates.forEach((c, id) => {
      const list = map!.get(c.target);
      if (list) list.push(id);
      else map!.set(c.target, [id]);
    });
    phrasesByTarget.set(index, map);
  }
  return map;
}
