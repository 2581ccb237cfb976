import type { CachedRelatedHost } from '../app/when-related.js';
import { suggestIndexCachedWith } from './suggest-cache.js';
import { writeStderr, writeStdout } from './write-output.js';

/** The ranker stage of a `memdex when` miss on this machine (src/when/related-stage.ts): the cached ranker index, the output. */
export function nodeRelatedHost(): CachedRelatedHost {
  return {
    cachedSuggestIndex: (root, stamps) => {
      const data = suggestIndexCachedWith(root, stamps);
      return data === 'torn' ? undefined : data;
    },
    writeStdout,
    writeStderr,
  };
}
