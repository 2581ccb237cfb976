import type { CacheHost } from '../app/host.js';
import type { Stamps } from '../app/port-types.js';
import type { Config } from '../model/config.js';
import { cacheEnabled, cachePath, contentHash, nodeCacheIo, readCacheFile, readPayload, readPayloadBytes, readStamps, writeCacheFile, writePayload, writeTreeCache } from './cache-files.js';
import { readTreeText } from './read-confined.js';
import { loadUsageIndex } from './usage-log.js';
import { workingTreeSource } from './working-tree.js';

/** The cache's stamps of the working tree's memory files (the index, then the decision files) while they describe them. */
export function readTreeStamps(root: string, config: Config): Stamps | undefined {
  return readStamps(root, config, [config.index, ...workingTreeSource(root).listDecisions(config)]);
}

/** The cache store on this machine (cache-files.ts), the working tree's memory files and the usage log's index. */
export function nodeCacheHost(): CacheHost {
  return {
    cachesEnabled: cacheEnabled,
    readTreeStamps,
    readCachePayload: readPayload,
    readCachePayloadBytes: readPayloadBytes,
    writeCachePayload: writePayload,
    writeTreeCache,
    readParseCache: (root) => readCacheFile(cachePath(root, 'parse'))?.body,
    writeParseCache: (root, body) => writeCacheFile(cachePath(root, 'parse'), {}, body),
    contentHash,
    statFile: nodeCacheIo.stat,
    clockMs: nodeCacheIo.now,
    readDecisionText: readTreeText,
    usageIndex: loadUsageIndex,
    workingTree: workingTreeSource,
  };
}
