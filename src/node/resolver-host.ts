import type { ResolverHost } from '../app/host.js';
import { loadProjectCached } from './model-cache.js';
import { loadSuggestIndex } from './suggest-cache.js';
import { nodeWhenHost } from './when-host.js';
import { workingTreeSource } from './working-tree.js';

/** The model stage of `memdex when|how|resolve` on this machine: the when host, the model cache and the ranker's index. */
export function nodeResolverHost(handover: { readonly stdin?: string | undefined } = {}): ResolverHost {
  return {
    ...nodeWhenHost(handover),
    loadCachedProject: (root, config, options) => loadProjectCached(root, config, workingTreeSource(root), options),
    loadSuggestIndex: (root, config) => loadSuggestIndex(root, config, workingTreeSource(root)),
  };
}
