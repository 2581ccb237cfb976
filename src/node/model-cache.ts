/**
 * A cached, content-hash-checked model for per-call commands (the resolver runs
 * once per agent action): an unchanged tree is neither read nor parsed again; any
 * real difference rebuilds the model from the texts and rewrites the cache.
 * Validation and file locations: cache-files.ts.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { version } from '../core/version.js';
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { projectFromSnapshot, snapshotProject, type Snapshot } from '../model/snapshot.js';
import { writeFileAtomic } from './atomic-write.js';
import { CACHE_FORMAT, cachePath, headerMatches, sameFiles, sha1, tablePath, writeTable, type CacheHeader, type FileStamp } from './cache-files.js';
import { buildWithFallback, type TreeSource } from './load-project.js';
import { readTreeText } from './read-confined.js';

/** Data derived from the project that a command wants cached with it (e.g. the resolver's phrase index). */
export interface Derived {
  export(project: Project): unknown;
  restore(project: Project, data: unknown): void;
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
    const project = projectFromSnapshot(cached.snapshot, config, (path) => readTreeText(root, config.decisions, path));
    derived?.restore(project, cached.derived);
    if (options.table && !existsSync(tablePath(file))) writeTable(file, cached, options.table(project));
    return project;
  }
  return build(root, config, source, paths, file, options);
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
    const header: CacheHeader = { memdex: version, format: CACHE_FORMAT, root, config: JSON.stringify(config), writtenAt, files: stamps };
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

