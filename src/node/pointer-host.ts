import type { CachedPointerHost } from '../app/later-prompt-pointers.js';
import { join } from 'node:path';
import { recordSuggested, shownToSession } from './session-suggested.js';
import { cachedSuggestIndex } from './suggest-cache.js';
import { workingTreeSource } from './working-tree.js';

/** The prompt's pointers on a later prompt, on this machine: paths, the cached ranker index, the session's pointed entries. */
export function nodePointerHost(): CachedPointerHost {
  return {
    joinPath: (dir, path) => join(dir, path),
    cachedSuggestIndex: (root, config) => cachedSuggestIndex(root, config, workingTreeSource(root)).data,
    shownToSession,
    recordSuggested,
  };
}
