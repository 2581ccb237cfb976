import type { CachedPointerHost } from '../app/later-prompt-pointers.js';
import { configFromText } from './load-config.js';
import { recordSuggested, shownToSession } from './session-suggested.js';
import { cachedSuggestIndex } from './suggest-cache.js';
import { workingTreeSource } from './working-tree.js';

/** The prompt's pointers on a later prompt, on this machine: the config parser, the cached ranker index, the session's pointed entries. */
export function nodePointerHost(): CachedPointerHost {
  return {
    configFromText: (root, text) => configFromText(root, text),
    cachedSuggestIndex: (root, config) => cachedSuggestIndex(root, config, workingTreeSource(root)).data,
    shownToSession,
    recordSuggested,
  };
}
