import type { CacheFolder } from '../app/host.js';
import { cachePath, readCacheBytes, writeCacheFile } from './cache-files.js';

/** The cache folder on this machine (cache-files.ts: location, trust, atomic writes), for the V8 code cache of src/when/. */
export const nodeCacheFolder: CacheFolder = {
  path: cachePath,
  read: readCacheBytes,
  write: writeCacheFile,
};
