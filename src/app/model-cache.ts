/**
 * A cached model for per-call commands (the resolver runs once per agent action):
 * an unchanged tree is neither read nor parsed again; any real difference rebuilds
 * the model from the texts (documents already parsed come from the parse cache,
 * parse-cache.ts) and rewrites the caches. The model itself is cached by the first
 * call that needs it: a build for a caller that answers from a side payload (the
 * trigger table) writes that payload and the stamps only; a valid table beside no
 * model is what a later `.Section` finds, and it builds the model then. Where the caches live, their stamps and
 * their validation are the cache store's (src/node/cache-files.ts).
 *
 * The model payload is lines: a caller's head (options.head: the section table, which the exact stage of
 * `memdex when` answers `.Section` and `..file.md` from without parsing the rest), then the snapshot as one
 * JSON line, always last (JSON.stringify writes no line break). A build writes the snapshot alone; the first
 * call that restores it adds the head (a cold call is not made slower for the calls after it).
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
  const { derived, verified, head } = options;
  const stamps = verified !== undefined ? verified : host.readTreeStamps(root, config);
  const payload = !stamps ? undefined : verified !== undefined && options.payload !== undefined ? options.payload : host.readCachePayload(root, 'model', stamps);
  if (stamps && payload !== undefined) {
    // The snapshot is the last line; the head's lines (when a caller cached some) come before it.
    const last = payload.lastIndexOf('\n');
    let model: ModelPayload | undefined;
    try {
      model = JSON.parse(payload.slice(last + 1)) as ModelPayload;
    } catch {
      model = undefined; // torn: rebuild
    }
    // Only stamped memory files can be read back: a path in a cache never reaches outside them.
    const stamped = new Set(stamps.files.map((f) => f.path));
    if (model && (!derived || model.derived !== undefined) && snapshotPaths(model.snapshot).every((p) => stamped.has(p))) {
      const project = projectFromSnapshot(model.snapshot, config, (path) => host.readDecisionText(root, config.decisions, path));
      derived?.restore(project, model.derived);
      // The head is written by the first call that restores the model, not by the build: a cold `.Section` query
      // on 1 MB of many headings would pay ~0.6 s more for a table its own answer does not read.
      if (head && last === -1) host.writeCachePayload(root, 'model', stamps, `${head(project)}\n${payload}`);
      for (const [kind, payload] of sidePayloads(options)) if (host.readCachePayload(root, kind, stamps) === undefined) host.writeCachePayload(root, kind, stamps, payload(project));
      return project;
    }
  }
  return build(host, root, config, options, stamps ?? undefined);
}

/** The payloads cached beside the model that this caller asked for. */
function sidePayloads({ table, suggest }: CacheOptions): [PayloadKind, (project: Project) => string | Uint8Array][] {
  const list: [PayloadKind, (project: Project) => string | Uint8Array][] = [];
  if (table) list.push(['table', table]);
  if (suggest) list.push(['suggest', suggest]);
  return list;
}

/** `valid`: the tree's stamps when they held (the model was not cached): its side payloads that still read back are kept. */
async function build(host: ModelCacheHost, root: string, config: Config, options: CacheOptions, valid?: Stamps): Promise<Project> {
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
  const payloads: Partial<Record<PayloadKind, string | Uint8Array>> = {};
  // Not asked for: not built (1 MB of `### a`: the snapshot, the resolver index's export and their JSON, 0.4-0.5 s of a cold `when a`).
  if (options.model !== false) payloads.model = JSON.stringify({ snapshot: snapshotProject(project), ...(derived ? { derived: derived.export(project) } : {}) } satisfies ModelPayload);
  for (const [kind, payload] of sidePayloads(options)) {
    // A table a trigger's build cached beside no model is not built again for the `.Section` that builds the model:
    // an unchanged tree keeps its tree hash, so the new stamps validate it; a tree changed meanwhile invalidates it.
    if (valid !== undefined && host.readCachePayload(root, kind, valid) !== undefined) continue;
    payloads[kind] = payload(project);
  }
  host.writeTreeCache(root, config, startedAt, built, payloads);
  return project;
}

function snapshotPaths(snapshot: Snapshot): string[] {
  return [...(snapshot.index ? [snapshot.index.path] : []), ...snapshot.decisions.map((d) => d.path)];
}
