import { applyEvent, DEFAULT_RELEVANCE_PARAMS, type ItemRelevance, type RelevanceParams } from '../../src/relevance/index.js';

export const P = DEFAULT_RELEVANCE_PARAMS;
export const T0 = '2026-01-01T00:00:00.000Z';

/** Minutes after T0, as ISO. */
export function at(minutes: number): string {
  return new Date(Date.parse(T0) + minutes * 60_000).toISOString();
}

/** Applies `times` identical events rating every tag in `ratings`. */
export function rate(
  item: ItemRelevance | undefined,
  ratings: Record<string, number>,
  { times = 1, source = 'evaluator' as 'evaluator' | 'feedback', params = P as RelevanceParams } = {},
): ItemRelevance {
  let current = item;
  for (let i = 0; i < times; i++) current = applyEvent(current, { ratings: new Map(Object.entries(ratings)), source, at: at(i) }, params).item;
  return current!;
}
