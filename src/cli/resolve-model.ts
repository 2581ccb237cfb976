/** The full resolver path of `memdex when|how|resolve`, loaded only when the recall table cannot answer. */
import type { Stamps } from '../node/cache-files.js';
import { loadProjectCached } from '../node/model-cache.js';
import type { ResolveRequest } from './resolve-request.js';
import type { RelatedEntries } from './write-results.js';
import { loadSuggestIndex } from '../node/suggest-cache.js';
import { isTriggerMiss, relatedToMisses } from '../suggest/related.js';
import { DEFAULT_RESOLVE_PARAMS } from '../resolve/params.js';
import { buildRecallTable } from '../resolve/recall-table.js';
import { resolve, type ResolveResult } from '../resolve/resolve.js';
import { exportResolverIndex, resolverIndex, restoreResolverIndex, type ResolverIndexData } from '../resolve/targets.js';

/**
 * Everything else: the model (cached: an unchanged tree is not parsed again).
 * `verified`: the cache stamps the recall table path already validated (null: stale).
 */
export async function fromModel({ root, config, source, queries, operator }: ResolveRequest, verified: Stamps | null): Promise<ResolveResult[]> {
  const project = await loadProjectCached(root, config, source, {
    derived: {
      export: (p) => exportResolverIndex(p, resolverIndex(p, DEFAULT_RESOLVE_PARAMS)),
      restore: (p, data) => restoreResolverIndex(p, DEFAULT_RESOLVE_PARAMS, data as ResolverIndexData),
    },
    table: (p) => buildRecallTable(p, DEFAULT_RESOLVE_PARAMS),
    verified,
  });
  return queries.map((query) => resolve(project, query, { operator }));
}

/** Per missed trigger, the entries the topic ranker finds for its words (suggest/related.ts). */
export async function relatedEntries({ root, config, source }: ResolveRequest, results: readonly ResolveResult[]): Promise<RelatedEntries> {
  if (!results.some(isTriggerMiss)) return new Map();
  const data = await loadSuggestIndex(root, config, source);
  return data ? relatedToMisses(data, results) : new Map();
}
