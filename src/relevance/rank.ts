import type { RelevanceParams } from './params.js';
import type { Relevance } from './average.js';
import { clamp } from './scoring.js';

export interface Adjusted {
  readonly score: number;
  /** What relevance added to the base score. */
  readonly delta: number;
  /** Enough evidence that this item is wrong here: do not show it. */
  readonly filtered: boolean;
}

/**
 * `final = base + clamp(avg / maxScore, -1, 1) · rankWeight`, and the filter
 * `evidence >= filterMinEvents && avg < filterBelow` (both as written: at
 * least, strictly below). Below the evidence bar a bad average only lowers
 * the rank, so a new item still gets a chance to prove itself.
 */
export function adjustScore(base: number, relevance: Relevance, p: RelevanceParams): Adjusted {
  const delta = clamp(relevance.avg / p.maxScore, -1, 1) * p.rankWeight;
  return {
    score: base + delta,
    delta,
    filtered: relevance.evidence >= p.filterMinEvents && relevance.avg < p.filterBelow,
  };
}
