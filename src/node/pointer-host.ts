import type { CachedPointerHost } from '../app/later-prompt-pointers.js';
import type { CacheHost, AgentHost } from '../app/host.js';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readPayloadBytes } from './cache-files.js';
import { readTreeStamps } from './cache-host.js';
import { fileInfo } from './file-info.js';
import { readRecords } from './read-records.js';
import { readTextIfExists } from './read-text.js';
import { markerPath } from './session-markers.js';
import { loadUsageIndex } from './usage-log.js';

/** What a prompt's pointers read that a hook's own work does not: the cached ranker index and its stamps, the usage log's index, the transcript's records. */
export type PointerReads = Pick<CacheHost, 'readTreeStamps' | 'readCachePayloadBytes' | 'usageIndex'> & Pick<AgentHost, 'readRecords'>;

/** The pointers' reads on this machine (a session's first prompt takes them from here too: first-prompt-host.ts). */
export function nodePointerReads(): PointerReads {
  return { readTreeStamps, readCachePayloadBytes: readPayloadBytes, usageIndex: loadUsageIndex, readRecords };
}

/** The prompt's pointers on a later prompt, on this machine: paths, the cached ranker index, the session's files and transcript. */
export function nodePointerHost(): CachedPointerHost {
  return {
    ...nodePointerReads(),
    joinPath: (dir, path) => join(dir, path),
    readTextIfExists,
    appendText: appendFileSync,
    makeParentDir: (path) => void mkdirSync(dirname(path), { recursive: true }),
    writeFileText: (path, text) => writeFileSync(path, text),
    sessionMarkerPath: markerPath,
    fileInfo,
  };
}
