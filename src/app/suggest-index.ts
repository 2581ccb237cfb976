/**
 * The topic ranker's index of a tree (src/suggest/index-data.ts), from the model
 * cache (model-cache.ts, payload `suggest`, stored as suggest/index-file.ts says: a
 * query decodes only what its terms reach): an unchanged tree is neither read,
 * parsed nor indexed again; a changed one is rebuilt once and cached with the
 * model. `memdex suggest`, the prompt hook and a trigger miss read it, with the
 * project's usage log attached (the cache store's usage index, node/usage-log.ts).
 */
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import type { RankerIndex } from '../suggest/index-data.js';
import { openSuggestIndex } from '../suggest/index-file.js';
import { rankerIndex } from '../suggest/ranker-index.js';
import type { CacheHost } from './host.js';
import type { ModelCacheHost } from './model-cache.js';
import type { Stamps } from './port-types.js';

/** What the cached index is read through (the later-prompt fast path's host has only these). */
export type CachedSuggestIndexHost = Pick<CacheHost, 'readTreeStamps' | 'readCachePayloadBytes' | 'usageIndex'>;

/**
 * The index cached for the tree as it is: its data (null: the tree has no memory
 * index), or undefined when none is cached. `stamps`: the tree's validated stamps,
 * undefined when stale or when the cached index is torn (so that it is rebuilt).
 * Reads no memory file: the prompt hook's fast path answers from it alone.
 */
export function cachedSuggestIndex(host: CachedSuggestIndexHost, root: string, config: Config): { stamps: Stamps | undefined; data: RankerIndex | null | undefined } {
  const stamps = host.readTreeStamps(root, config);
  if (!stamps) return { stamps, data: undefined };
  const data = suggestIndexCachedWith(host, root, stamps);
  return data === 'torn' ? { stamps: undefined, data: undefined } : { stamps, data };
}

/**
 * The index cached with stamps a caller already validated (a miss of `memdex when`: the table stages did), as
 * cachedSuggestIndex; 'torn' when the cached index cannot be parsed.
 */
export function suggestIndexCachedWith(host: Pick<CacheHost, 'readCachePayloadBytes' | 'usageIndex'>, root: string, stamps: Stamps): RankerIndex | null | undefined | 'torn' {
  const cached = host.readCachePayloadBytes(root, 'suggest', stamps);
  if (cached === undefined) return undefined;
  const data = openSuggestIndex(cached);
  if (data === undefined) return 'torn';
  return data && withUsage(host, root, data, stamps.tree);
}

/** The index with the project's usage log attached, when there is one. */
function withUsage(host: Pick<CacheHost, 'usageIndex'>, root: string, data: RankerIndex, tree: string | undefined): RankerIndex {
  const usage = host.usageIndex(root, data, tree);
  return usage ? { ...data, usage } : data;
}

/**
 * The index, or undefined when the tree has no memory index; built (and cached with the model) when not cached.
 * `built`: the tree's project this process already holds (a cold miss of `memdex when` built it a moment ago).
 */
export async function loadSuggestIndex(host: ModelCacheHost, root: string, config: Config, built?: Project): Promise<RankerIndex | undefined> {
  const { stamps, data: cached } = cachedSuggestIndex(host, root, config);
  if (cached !== undefined) return cached ?? undefined;
  // Imported only when not cached: the full CLI (dist/cli.cjs) loads the model and the parsers only then. (The per-call
  // bundles inline it: a bundle of its own for a first prompt's pointers, dist/hook-prompt-index.cjs, paid
  // 1.4 % wall / -0.1 % CPU at 41 runs, 2.4 % CPU with the code cache: bench/RESULTS.md, 2026-11-27.)
  const data = await (await import('./suggest-index-build.js')).buildSuggestIndexCached(host, root, config, stamps, built);
  return data === null ? undefined : withUsage(host, root, rankerIndex(data), undefined);
}
