/**
 * A cached model for per-call commands (the resolver runs once per agent action):
 * an unchanged tree is neither read nor parsed again; any real difference rebuilds
 * the model from the texts (documents already parsed come from the parse cache) and
 * rewrites the caches. Locations, stamps and validation: cache-files.ts.
 */
import { join } from 'node:path';
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { projectFromSnapshot, snapshotProject, type Snapshot } from '../model/snapshot.js';
import { cacheEnabled, nodeCacheIo, readPayload, readStamps, writePayload, writeTreeCache, type BuiltFile, type Stamps } from './cache-files.js';
import { buildWithFallback, type TreeSource } from './load-project.js';
import { openParseCache } from './parse-cache.js';
import { readTreeText } from './read-confined.js';

/** Data derived from the project that a command wants cached with it (e.g. the resolver's phrase index). */
export interface Derived {
  export(project: Project): unknown;
  restore(project: Project, data: unknown): void;
}

interface ModelPayload {
  readonly snapshot: Snapshot;
  readonly derived?: unknown;
}

export interface CacheOptions {
  readonly derived?: Derived;
  /** A text payload cached beside the model, for a caller that can answer from it alone (the recall table). */
  readonly table?: (project: Project) => string;
  /**
   * What the caller already validated in this process (the recall fast path): the
   * stamps, or null when it found them stale. Undefined: validate here.
   */
  readonly verified?: Stamps | null;
}

/**
 * The project of `root` from the cache when every memory file is unchanged, else
 * built from the texts (and cached). Reads neither the playbook nor unchanged texts.
 */
export async function loadProjectCached(root: string, config: Config, source: TreeSource, options: CacheOptions = {}): Promise<Project> {
  const { derived, table, verified } = options;
  const paths = () => [config.index, ...source.listDecisions(config)];
  const stamps = verified !== undefined ? verified : readStamps(root, config, paths());
  const payload = stamps ? readPayload(root, 'model', stamps) : undefined;
  if (stamps && payload !== undefined) {
    let model: ModelPayload | undefined;
    try {
      model = JSON.parse(payload) as ModelPayload;
    } catch {
      model = undefined; // torn: rebuild
    }
    // Only stamped memory files can be read back: a path in a cache never reaches outside them.
    const stamped = new Set(stamps.files.map((f) => f.path));
    if (model && (!derived || model.derived !== undefined) && snapshotPaths(model.snapshot).every((p) => stamped.has(p))) {
      const project = projectFromSnapshot(model.snapshot, config, (path) => readTreeText(root, config.decisions, path));
      derived?.restore(project, model.derived);
      if (table && readPayload(root, 'table', stamps) === undefined) writePayload(root, 'table', stamps, table(project));
      return project;
    }
  }
  return build(root, config, source, paths(), options);
}

async function build(root: string, config: Config, source: TreeSource, paths: readonly string[], { derived, table }: CacheOptions): Promise<Project> {
  const startedAt = nodeCacheIo.now();
  const files = new Map<string, string>();
  const built: BuiltFile[] = [];
  for (const path of paths) {
    const stat = nodeCacheIo.stat(join(root, path)); // before reading: a later edit changes the mtime
    const text = source.read(path);
    if (text === undefined || !stat) continue;
    files.set(path, text);
    built.push({ path, text, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  const parseCache = openParseCache(root);
  const project = await buildWithFallback(files, config, parseCache);
  parseCache.save(files);
  if (!cacheEnabled()) return project;
  const model: ModelPayload = { snapshot: snapshotProject(project), ...(derived ? { derived: derived.export(project) } : {}) };
  writeTreeCache(root, config, startedAt, built, { model: JSON.stringify(model), ...(table ? { table: table(project) } : {}) });
  return project;
}

function snapshotPaths(snapshot: Snapshot): string[] {
  return [...(snapshot.index ? [snapshot.index.path] : []), ...snapshot.decisions.map((d) => d.path)];
}
