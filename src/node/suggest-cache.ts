/**
 * The topic ranker's index of a tree (src/suggest/index-data.ts), from the model
 * cache (cache-files.ts, payload `.suggest`): an unchanged tree is neither read,
 * parsed nor indexed again; a changed one is rebuilt once and cached with the
 * model. `memdex suggest`, the prompt hook and a trigger miss read it.
 */
import type { Config } from '../model/config.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import { readPayload, readStamps, type Stamps } from './cache-files.js';
import type { TreeSource } from './working-tree.js';

/**
 * The index, or undefined when the tree has no memory index. `verified`: stamps an
 * earlier step of this process validated (null: stale); undefined: validate here.
 */
export async function loadSuggestIndex(root: string, config: Config, source: TreeSource, verified?: Stamps | null): Promise<SuggestIndexData | undefined> {
  const stamps = verified !== undefined ? verified : readStamps(root, config, [config.index, ...source.listDecisions(config)]);
  const cached = stamps ? readPayload(root, 'suggest', stamps) : undefined;
  if (cached !== undefined) {
    try {
      return JSON.parse(cached) as SuggestIndexData | null ?? undefined;
    } catch {
      // torn: rebuilt below
    }
  }
  // Loaded only now: an unchanged tree never pays for the model and the parsers.
  const [{ loadProjectCached }, { buildSuggestIndex }] = await Promise.all([import('./model-cache.js'), import('../suggest/build-index.js')]);
  let data: SuggestIndexData | null = null;
  const project = await loadProjectCached(root, config, source, {
    verified: cached !== undefined ? null : (stamps ?? null),
    suggest: (p) => JSON.stringify((data = p.index ? buildSuggestIndex(p) : null)),
  });
  if (data === null && project.index) data = buildSuggestIndex(project); // caching off: built, not stored
  return data ?? undefined;
}
