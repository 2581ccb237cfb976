/**
 * The entries related to a missed trigger: besides the resolver's fuzzy choices, the
 * entries the topic ranker finds for the trigger's words (at most missLimit, the
 * choices left out), since a miss often names the topic in other words than the
 * trigger's. One rule for every way recall is asked (the CLI, `memdex mcp`).
 */
import type { ResolveResult } from '../resolve/resolve.js';
import { isTriggerMiss } from '../resolve/trigger-miss.js';
import type { SuggestIndex } from './index-data.js';
import { DEFAULT_SUGGEST_PARAMS, type SuggestParams } from './params.js';
import { rank, type Suggestion } from './rank.js';

export { isTriggerMiss };

/** Per missed trigger (its query text): the related entries, best first. */
export function relatedToMisses(data: SuggestIndex, results: readonly ResolveResult[], params: SuggestParams = DEFAULT_SUGGEST_PARAMS): Map<string, readonly Suggestion[]> {
  const related = new Map<string, readonly Suggestion[]>();
  for (const miss of results.filter(isTriggerMiss)) {
    const choices = new Set(miss.suggestions);
    const found = rank(data, miss.query, params, { limit: params.missLimit + choices.size }).filter((s) => !choices.has(s.label));
    related.set(miss.query, found.slice(0, params.missLimit));
  }
  return related;
}
