/**
 * A cached model for per-call commands (the resolver runs once per agent action):
 * an unchanged tree is neither read nor parsed again; any real difference rebuilds
 * the model from the texts (documents already parsed come from the parse cache,
 * parse-cache.ts) and rewrites the caches. Where the caches live, their stamps and
 * their validation are the cache store's (src/node/cache-files.ts).
 */
import { buildProjectWithIgnores } from '../model/build-project.js';
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { projectFromSnapshot, snapshotProject, type Snapshot } from '../model/snapshot.js';
import type { CacheHost, TreeHost } from './host.js';
import { openParseCache } from './parse-cache.js';
import type { BuiltFile, CacheOptions, PayloadKind, Stamps } from './port-types.js';

/** The cache store and the paths of this machine. */
export type ModelCacheHost = CacheHost & Pick<TreeHost, 'joinPath'>;

interface ModelPayload {
  readonly snapshot: Snapshot;
  readonly derived?: unknown;
}

/**
 * The project of `root` from the cache when every memory file is unchanged, else
 * built from the texts (and cached). Reads neither the playbook nor unchanged texts.
 */
export async function loadCachedProject(host: ModelCacheHost, root: string, config: Config, options: CacheOptions = {}): Promise<Project> {
  const { derived, verified } = options;
  const stamps = verified !== undefined ? verified : host.readTreeStamps(root, config);
  const payload = stamps ? host.readCachePayload(root, 'model', stamps) : undefined;
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
      const project = projectFromSnapshot(model.snapshot, config, (path) => host.readDecisionText(root, config.decisions, path));
      derived?.restore(project, model.derived);
      for (const [kind, payload] of sidePayloads(options)) if (host.readCachePayload(root, kind, stamps) === undefined) host.writeCachePayload(root, kind, stamps, payload(project));
      return project;
    }
  }
  return build(host, root, config, options);
}

/** The payloads cached beside the model that this caller asked for. */
function sidePayloads({ table, suggest }: CacheOptions): [PayloadKind, (project: Project) => string][] {
  const list: [PayloadKind, (project: Project) => string][] = [];
  if (table) list.push(['table', table]);
  if (suggest) list.push(['suggest', suggest]);
  return list;
}

async function build(host: ModelCacheHost, root: string, config: Config, options: CacheOptions): Promise<Project> {
  const { derived } = options;
  const startedAt = host.clockMs();
  const source = host.workingTree(root);
  const files = new Map<string, string>();
  const built: BuiltFile[] = [];
  for (const path of [config.index, ...source.listDecisions(config)]) {
    const stat = host.statFile(host.joinPath(root, path)); // before reading: a later edit changes the mtime
    const text = source.read(path);
    if (text === undefined || !stat) continue;
    files.set(path, text);
    built.push({ path, text, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  const parseCache = openParseCache(host, root);
  const project = await buildProjectWithIgnores(files, config, await parseCache.parserFor(files, config));
  parseCache.save(files);
  if (!host.cachesEnabled()) return project;
  const model: ModelPayload = { snapshot: snapshotProject(project), ...(derived ? { derived: derived.export(project) } : {}) };
  const payloads: Partial<Record<PayloadKind, string>> = { model: JSON.stringify(model) };
  for (const [kind, payload] of sidePayloads(options)) payloads[kind] = payload(project);
  host.writeTreeCache(root, config, startedAt, built, payloads);
  return project;
}

function snapshotPaths(snapshot: Snapshot): string[] {
  return [...(snapshot.index ? [snapshot.index.path] : []), ...snapshot.decisions.map((d) => d.path)];
}
