/**
 * The cache files of a memory tree and their validation, shared by the model cache
 * (model-cache.ts) and the resolver's fast path, which must not load the model code.
 *
 * A cache records every memory file's size, mtime and SHA-1 and is used only when
 * the list of files is the same and each file is unchanged. A file whose size or
 * mtime differs, or whose mtime is too close to the cache's own write time to be
 * trusted (git's "racy clean" problem: a file edited within the same clock tick as
 * the cache was written), is read and hashed. The caches live outside the project
 * (os.tmpdir(), or MEMDEX_CACHE_DIR); MEMDEX_NO_CACHE=1 turns them off. A cache
 * that cannot be read or written is ignored: it only ever costs a rebuild.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '../core/version.js';
import type { Config } from '../model/config.js';
import { writeFileAtomic } from './atomic-write.js';
import type { TreeSource } from './working-tree.js';

/** Bump when the snapshot or the table format changes. */
export const CACHE_FORMAT = 3;

/** An mtime this close to the cache write is not trusted without hashing (coarse filesystem clocks). */
const RACY_WINDOW_MS = 2000;

export interface FileStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha1: string;
}

/** What identifies the tree a cache file was written for. */
export interface CacheHeader {
  readonly memdex: string;
  readonly format: number;
  readonly root: string;
  readonly config: string;
  readonly writtenAt: number;
  readonly files: readonly FileStamp[];
}

export function cachePath(root: string): string {
  const dir = process.env.MEMDEX_CACHE_DIR || join(tmpdir(), `memdex-cache-${process.getuid?.() ?? 'user'}`);
  return join(dir, `${createHash('sha1').update(root).digest('hex').slice(0, 16)}.json`);
}

/** The table written by the last build, when the tree is unchanged since; else undefined. */
export function readCachedTable(root: string, config: Config, source: TreeSource): string | undefined {
  if (process.env.MEMDEX_NO_CACHE === '1') return undefined;
  let text: string;
  try {
    text = readFileSync(tablePath(cachePath(root)), 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  let header: CacheHeader;
  try {
    header = JSON.parse(newline === -1 ? text : text.slice(0, newline)) as CacheHeader;
  } catch {
    return undefined;
  }
  if (!headerMatches(header, root, config)) return undefined;
  if (!sameFiles(root, header, [config.index, ...source.listDecisions(config)])) return undefined;
  return newline === -1 ? '' : text.slice(newline + 1);
}

export function writeTable(cacheFile: string, header: CacheHeader, table: string): void {
  const { memdex, format, root, config, writtenAt, files } = header;
  try {
    writeFileAtomic(tablePath(cacheFile), `${JSON.stringify({ memdex, format, root, config, writtenAt, files })}\n${table}`);
  } catch {
    // no table: the model answers instead
  }
}

export function tablePath(cacheFile: string): string {
  return cacheFile.replace(/\.json$/, '.table');
}

export function headerMatches(header: CacheHeader, root: string, config: Config): boolean {
  return header.memdex === version && header.format === CACHE_FORMAT && header.root === root && header.config === JSON.stringify(config);
}

export function sameFiles(root: string, cache: CacheHeader, paths: readonly string[]): boolean {
  const existing = cache.files.map((f) => f.path);
  const wanted = paths.filter((p, i) => i > 0 || existing.includes(p)); // the index may be absent
  if (wanted.length !== existing.length || wanted.some((p, i) => p !== existing[i])) return false;
  for (const stamp of cache.files) {
    let stat;
    try {
      stat = statSync(join(root, stamp.path));
    } catch {
      return false;
    }
    const trusted = stat.size === stamp.size && stat.mtimeMs === stamp.mtimeMs && stat.mtimeMs < cache.writtenAt - RACY_WINDOW_MS;
    if (trusted) continue;
    if (stat.size !== stamp.size) return false;
    try {
      if (sha1(readFileSync(join(root, stamp.path), 'utf8')) !== stamp.sha1) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
