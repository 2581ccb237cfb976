import type { ItemRelevance } from './types.js';
import { uniqueTags } from './validate.js';

export interface Relevance {
  /** Mean score over the de-duplicated requested tags; a tag without a row counts 0. */
  readonly avg: number;
  /**
   * The item's evaluation events (a multi-tag event counts once, issue #26), or 0
   * when none of the requested tags was ever rated: evidence about other tags
   * says nothing here.
   */
  readonly evidence: number;
}

const NONE: Relevance = Object.freeze({ avg: 0, evidence: 0 });

/**
 * The one relevance average, used by ranking, the filter and pin decisions
 * alike (scoring.ts explains why it is dense). Tags are normalised and
 * de-duplicated first, so `[ts, ts]` and `[TS, ts]` mean `[ts]`, and order
 * does not matter. No tags, or no item, is (0, 0).
 */
export function denseAverage(item: ItemRelevance | undefined, tags: Iterable<string>): Relevance {
  const requested = uniqueTags(tags);
  if (item === undefined || requested.length === 0) return NONE;
  let sum = 0;
  let rated = false;
  for (const tag of requested) {
    const row = item.tags[tag];
    if (row === undefined) continue;
    sum += row.score;
    rated = true;
  }
  return { avg: sum / requested.length, evidence: rated ? item.events : 0 };
}
