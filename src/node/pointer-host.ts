import type { CachedPointerHost } from '../app/later-prompt-pointers.js';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readPayload } from './cache-files.js';
import { readTreeStamps } from './cache-host.js';
import { fileInfo } from './file-info.js';
import { readRecords } from './read-records.js';
import { readTextIfExists } from './read-text.js';
import { markerPath } from './session-markers.js';
import { loadUsageIndex } from './usage-log.js';

/** The prompt's pointers on a later prompt, on this machine: paths, the cached ranker index, the session's files and transcript. */
export function nodePointerHost(): CachedPointerHost {
  return {
    readTreeStamps,
    readCachePayload: readPayload,
    usageIndex: loadUsageIndex,
    joinPath: (dir, path) => join(dir, path),
    readTextIfExists,
    appendText: appendFileSync,
    makeParentDir: (path) => void mkdirSync(dirname(path), { recursive: true }),
    writeFileText: (path, text) => writeFileSync(path, text),
    sessionMarkerPath: markerPath,
    fileInfo,
    readRecords,
  };
}
