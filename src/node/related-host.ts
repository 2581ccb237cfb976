import type { CachedRelatedHost } from '../app/when-related.js';
import { readPayloadBytes } from './cache-files.js';
import { loadUsageIndex } from './usage-log.js';
import { writeStderr, writeStdout } from './write-output.js';

/** The ranker stage of a `memdex when` miss on this machine (src/when/related-stage.ts): the cache store, the usage log, the output. */
export function nodeRelatedHost(): CachedRelatedHost {
  return { readCachePayloadBytes: readPayloadBytes, usageIndex: loadUsageIndex, writeStdout, writeStderr };
}
