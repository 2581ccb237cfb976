/**
 * The entries related to the misses of `memdex when|how|resolve`: what a miss adds to
 * the table's answer. Apart from the model (when-model.ts), so that a miss the table
 * stages answered loads the ranker and its cached index only (src/when/related-stage.ts).
 */
import type { Project } from '../model/project.js';
import type { ResolveResult } from '../resolve/resolve.js';
import { isTriggerMiss } from '../resolve/trigger-miss.js';
import type { SuggestIndex } from '../suggest/index-data.js';
import type { Suggestion } from '../suggest/rank.js';
import { relatedToMisses } from '../suggest/related.js';
import type { CacheHost, WhenHost } from './host.js';
import type { ModelCacheHost } from './model-cache.js';
import type { Stamps } from './port-types.js';
import { loadSuggestIndex, suggestIndexCachedWith } from './suggest-index.js';
import type { WhenRequest } from './when.js';

/** Per missed trigger (its query text): the entries the topic ranker finds for its words. */
export type RelatedEntries = ReadonlyMap<string, readonly Suggestion[]>;

/** The ranker stage's port: the cache store's payloads, the usage log's index, the output. */
export type CachedRelatedHost = Pick<WhenHost, 'writeStdout' | 'writeStderr'> & Pick<CacheHost, 'readCachePayloadBytes' | 'usageIndex'>;

/**
 * Per missed trigger, the entries the topic ranker finds for its words (suggest/related.ts); the index built when
 * not cached, from `built` when the model stage holds the tree's project (loadSuggestIndex).
 */
export async function relatedEntries(host: ModelCacheHost, { root, config }: WhenRequest, results: readonly ResolveResult[], built?: Project): Promise<RelatedEntries> {
  if (!results.some(isTriggerMiss)) return new Map();
  return relatedFrom(await loadSuggestIndex(host, root, config, built), results);
}

/**
 * The same from the index cached with the stamps the table stages validated (nothing
 * is stat-ed again); undefined when it is not cached, for the model stage to build.
 */
export function cachedRelatedEntries(host: CachedRelatedHost, { root }: WhenRequest, stamps: Stamps, results: readonly ResolveResult[]): RelatedEntries | undefined {
  if (!results.some(isTriggerMiss)) return new Map();
  const data = suggestIndexCachedWith(host, root, stamps);
  return data === undefined || data === 'torn' ? undefined : relatedFrom(data ?? undefined, results);
}

function relatedFrom(data: SuggestIndex | undefined, results: readonly ResolveResult[]): RelatedEntries {
  return data ? relatedToMisses(data, results) : new Map();
}
