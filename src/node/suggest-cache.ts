/**
 * The topic ranker's index of a tree (src/suggest/index-data.ts), from the model
 * cache (cache-files.ts, payload `.suggest`): an unchanged tree is neither read,
 * parsed nor indexed again; a changed one is rebuilt once and cached with the
 * model. `memdex suggest`, the prompt hook and a trigger miss read it, with the
 * project's usage log attached (usage-log.ts, read through its own cache file).
 */
import type { Config } from '../model/config.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import { readPayload, readStamps } from './cache-files.js';
import type { Stamps, TreeSource } from '../app/port-types.js';
import { loadUsageIndex } from './usage-log.js';

/**
 * The index cached for the tree as it is: its data (null: the tree has no memory
 * index), or undefined when none is cached. `stamps`: the tree's validated stamps,
 * undefined when stale or when the cached index is torn (so that it is rebuilt).
 * Reads no memory file: the prompt hook's fast path answers from it alone.
 */
export function cachedSuggestIndex(root: string, config: Config, source: TreeSource): { stamps: Stamps | undefined; data: SuggestIndexData | null | undefined } {
  const stamps = readStamps(root, config, [config.index, ...source.listDecisions(config)]);
  if (!stamps) return { stamps, data: undefined };
  const data = suggestIndexCachedWith(root, stamps);
  return data === 'torn' ? { stamps: undefined, data: undefined } : { stamps, data };
}

/**
 * The index cached with stamps a caller already validated (a miss of `memdex when`: the table stages did), as
 * cachedSuggestIndex; 'torn' when the cached index cannot be parsed.
 */
export function suggestIndexCachedWith(root: string, stamps: Stamps): SuggestIndexData | null | undefined | 'torn' {
  const cached = readPayload(root, 'suggest', stamps);
  if (cached === undefined) return undefined;
  let data: SuggestIndexData | null;
  try {
    data = JSON.parse(cached) as SuggestIndexData | null;
  } catch {
    return 'torn';
  }
  return data && withUsage(root, data, stamps.tree);
}

/** The index with the project's usage log attached (usage-log.ts), when there is one. */
function withUsage(root: string, data: SuggestIndexData, tree: string | undefined): SuggestIndexData {
  const usage = loadUsageIndex(root, data, tree);
  return usage ? { ...data, usage } : data;
}

/** The index, or undefined when the tree has no memory index; built (and cached with the model) when not cached. */
export async function loadSuggestIndex(root: string, config: Config, source: TreeSource): Promise<SuggestIndexData | undefined> {
  const { stamps, data: cached } = cachedSuggestIndex(root, config, source);
  if (cached !== undefined) return cached ?? undefined;
  // Loaded only now: an unchanged tree never pays for the model and the parsers.
  const [{ loadProjectCached }, { buildSuggestIndex }] = await Promise.all([import('./model-cache.js'), import('../suggest/build-index.js')]);
  let data: SuggestIndexData | null = null;
  const project = await loadProjectCached(root, config, source, {
    verified: stamps ?? null,
    suggest: (p) => JSON.stringify((data = p.index ? buildSuggestIndex(p) : null)),
  });
  if (data === null && project.index) data = buildSuggestIndex(project); // caching off: built, not stored
  return data === null ? undefined : withUsage(root, data, undefined);
}
