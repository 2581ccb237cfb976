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
import { readFileSync, statSync } from 'node:fs';
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

interface CacheFile {
  readonly memdex: string;
  readonly snapshotVersion: number;
  readonly root: string;
  readonly config: string;
  readonly writtenAt: number;
  readonly files: readonly FileStamp[];
  readonly snapshot: Snapshot;
  readonly derived?: unknown;
}

export function cachePath(root: string): string {
  const dir = process.env.MEMDEX_CACHE_DIR || join(tmpdir(), `memdex-cache-${process.getuid?.() ?? 'user'}`);
  return join(dir, `${createHash('sha1').update(root).digest('hex').slice(0, 16)}.json`);
}

/**
 * The project of `root` from the cache when every file is unchanged, else built
 * from the texts (and cached). Reads neither the playbook nor unchanged texts.
 */
export async function loadProjectCached(root: string, config: Config, source: TreeSource, derived?: Derived): Promise<Project> {
  const paths = [config.index, ...source.listDecisions(config)];
  if (process.env.MEMDEX_NO_CACHE === '1') return build(root, config, source, paths, undefined, derived);
  const file = cachePath(root);
  const cached = readCache(file, root, config);
  if (cached && sameFiles(root, cached, paths) && (!derived || cached.derived !== undefined)) {
    const project = projectFromSnapshot(cached.snapshot, config, (path) => readText(join(root, path), path));
    derived?.restore(project, cached.derived);
    return project;
  }
  return build(root, config, source, paths, file, derived);
}

async function build(
  root: string,
  config: Config,
  source: TreeSource,
  paths: readonly string[],
  cacheFile: string | undefined,
  derived: Derived | undefined,
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
    const cache: CacheFile = {
      memdex: version,
      snapshotVersion: SNAPSHOT_VERSION,
      root,
      config: JSON.stringify(config),
      writtenAt,
      files: stamps,
      snapshot: snapshotProject(project),
      ...(derived ? { derived: derived.export(project) } : {}),
    };
    try {
      mkdirSync(join(cacheFile, '..'), { recursive: true });
      writeFileAtomic(cacheFile, JSON.stringify(cache));
    } catch {
      // a read-only or full temp dir: run without a cache
    }
  }
  return project;
}

function readCache(file: string, root: string, config: Config): CacheFile | undefined {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    if (cache.memdex !== version || cache.snapshotVersion !== SNAPSHOT_VERSION || cache.root !== root) return undefined;
    if (cache.config !== JSON.stringify(config)) return undefined;
    return cache;
  } catch {
    return undefined;
  }
}

function sameFiles(root: string, cache: CacheFile, paths: readonly string[]): boolean {
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
