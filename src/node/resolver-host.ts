import type { ResolverHost } from '../app/host.js';
import { nodeCacheHost } from './cache-host.js';
import { nodeWhenHost } from './when-host.js';

/** The model stage of `memdex when|how|resolve` on this machine: the when host and the cache store (the model cache and the ranker's index are app/'s). */
export function nodeResolverHost(handover: { readonly stdin?: string | undefined } = {}): ResolverHost {
  return { ...nodeCacheHost(), ...nodeWhenHost(handover) };
}
