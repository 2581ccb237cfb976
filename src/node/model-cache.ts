/**
 * A cached, content-hash-checked model for per-call commands (the resolver runs
 * once per agent action). The cache records every memory file's size, mtime and
 * SHA-1; it is used only when the list of files is the same and each file is
 * unchanged. A file whose size or mtime differs, or whose mtime is too close to
 * the cache's own write time to be trusted (git's "racy clean" problem: a file
 * edited within the same clock tick as the cache was written), is read and hashed;
 * any real difference rebuilds the model from the texts and rewrites the cache.
 *
 * The cache lives outside the project (os.tmpdir(), or MEMDEX_CACHE_DIR), one file
 * per root; MEMDEX_NO_CACHE=1 turns it off. A cache that cannot be read or written
 * is ignored: it only ever costs a rebuild.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '../cli/version.js';
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { projectFromSnapshot, snapshotProject, SNAPSHOT_VERSION, type Snapshot } from '../model/snapshot.js';
import { writeFileAtomic } from './atomic-write.js';
import { buildWithFallback, type TreeSource } from './load-project.js';
import { readText } from './read-text.js';
import { mkdirSync } from 'node:fs';

/** An mtime this close to the cache write is not trusted without hashing (coarse filesystem clocks). */
const RACY_WINDOW_MS = 2000;

interface FileStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha1: string;
}

/** Data derived from the project that a command wants cached with it (e.g. the resolver's phrase index). */
export interface Derived {
  export(project: Project): unknown;
  restore(project: Project, data: unknown): void;
}

/** What identifies the tree a cache file was written for. */
interface CacheHeader {
  readonly memdex: string;
  readonly snapshotVersion: number;
  readonly root: string;
  readonly config: string;
  readonly writtenAt: number;
  readonly files: readonly FileStamp[];
}

interface CacheFile extends CacheHeader {
  readonly snapshot: Snapshot;
  readonly derived?: unknown;
}

export interface CacheOptions {
  readonly derived?: Derived;
  /**
   * A text table written beside the cache (header line, then the table), for a
   * caller that can answer from it without the model (the resolver's recall table).
   */
  readonly table?: (project: Project) => string;
}

export function cachePath(root: string): string {
  const dir = process.env.MEMDEX_CACHE_DIR || join(tmpdir(), `memdex-cache-${process.getuid?.() ?? 'user'}`);
  return join(dir, `${createHash('sha1').update(root).digest('hex').slice(0, 16)}.json`);
}

/**
 * The project of `root` from the cache when every file is unchanged, else built
 * from the texts (and cached). Reads neither the playbook nor unchanged texts.
 */
export async function loadProjectCached(root: string, config: Config, source: TreeSource, options: CacheOptions = {}): Promise<Project> {
  const paths = [config.index, ...source.listDecisions(config)];
  if (process.env.MEMDEX_NO_CACHE === '1') return build(root, config, source, paths, undefined, options);
  const file = cachePath(root);
  const cached = readCache(file, root, config);
  const { derived } = options;
  if (cached && sameFiles(root, cached, paths) && (!derived || cached.derived !== undefined)) {
    const project = projectFromSnapshot(cached.snapshot, config, (path) => readText(join(root, path), path));
    derived?.restore(project, cached.derived);
    if (options.table && !existsSync(tablePath(file))) writeTable(file, cached, options.table(project));
    return project;
  }
  return build(root, config, source, paths, file, options);
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

function writeTable(cacheFile: string, header: CacheHeader, table: string): void {
  const { memdex, snapshotVersion, root, config, writtenAt, files } = header;
  try {
    writeFileAtomic(tablePath(cacheFile), `${JSON.stringify({ memdex, snapshotVersion, root, config, writtenAt, files })}\n${table}`);
  } catch {
    // no table: the model answers instead
  }
}

function tablePath(cacheFile: string): string {
  return cacheFile.replace(/\.json$/, '.table');
}

async function build(
  root: string,
  config: Config,
  source: TreeSource,
  paths: readonly string[],
  cacheFile: string | undefined,
  { derived, table }: CacheOptions,
): Promise<Project> {
  const writtenAt = Date.now();
  const files = new Map<string, string>();
  const stamps: FileStamp[] = [];
  for (const path of paths) {
    const text = source.read(path);
    if (text === undefined) continue;
    files.set(path, text);
    const stat = statSync(join(root, path));
    stamps.push({ path, size: stat.size, mtimeMs: stat.mtimeMs, sha1: sha1(text) });
  }
  const project = await buildWithFallback(files, config);
  if (cacheFile) {
    const header: CacheHeader = { memdex: version, snapshotVersion: SNAPSHOT_VERSION, root, config: JSON.stringify(config), writtenAt, files: stamps };
    const cache: CacheFile = { ...header, snapshot: snapshotProject(project), ...(derived ? { derived: derived.export(project) } : {}) };
    try {
      mkdirSync(join(cacheFile, '..'), { recursive: true });
      writeFileAtomic(cacheFile, JSON.stringify(cache));
      if (table) writeTable(cacheFile, header, table(project));
    } catch {
      // a read-only or full temp dir: run without a cache
    }
  }
  return project;
}

function readCache(file: string, root: string, config: Config): CacheFile | undefined {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    return headerMatches(cache, root, config) ? cache : undefined;
  } catch {
    return undefined;
  }
}

function headerMatches(header: CacheHeader, root: string, config: Config): boolean {
  return header.memdex === version && header.snapshotVersion === SNAPSHOT_VERSION && header.root === root && header.config === JSON.stringify(config);
}

function sameFiles(root: string, cache: CacheHeader, paths: readonly string[]): boolean {
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

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
