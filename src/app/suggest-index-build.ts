/**
 * The build half of the ranker's index (suggest-index.ts): from the model, cached or
 * built, and cached beside it. A module of its own, imported when the index is not
 * cached (the tree changed), so that an unchanged tree compiles neither the model, its
 * parsers nor the index builder.
 */
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { buildSuggestIndex } from '../suggest/build-index.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import { encodeSuggestIndex } from '../suggest/index-file.js';
import { loadCachedProject, type ModelCacheHost } from './model-cache.js';
import type { Stamps } from './port-types.js';

/**
 * The tree's index (null: the tree has no memory index), cached with the model when caching is on. `stamps`: the
 * tree's, validated, or undefined. `built`: the tree's project this process already holds (a cold miss of `memdex
 * when` built it a moment ago): indexed as it is, not read back from the cache it was just written to (0.3-0.4 s of
 * a cold miss on 1 MB, bench/RESULTS.md), and cached as loadCachedProject caches it beside a model.
 */
export async function buildSuggestIndexCached(host: ModelCacheHost, root: string, config: Config, stamps: Stamps | undefined, built?: Project): Promise<SuggestIndexData | null> {
  if (built) {
    const data = built.index ? buildSuggestIndex(built) : null;
    if (stamps) host.writeCachePayload(root, 'suggest', stamps, encodeSuggestIndex(data));
    return data;
  }
  let data: SuggestIndexData | null = null;
  const project = await loadCachedProject(host, root, config, {
    verified: stamps ?? null,
    suggest: (p) => encodeSuggestIndex((data = p.index ? buildSuggestIndex(p) : null)),
  });
  if (data === null && project.index) data = buildSuggestIndex(project); // caching off: built, not stored
  return data;
}
