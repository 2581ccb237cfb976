/** The full resolver path of `memdex when|how|resolve`, loaded only when the trigger table cannot answer (a miss's related entries: when-related.ts). */
import { DEFAULT_RESOLVE_PARAMS } from '../resolve/params.js';
import type { Project } from '../model/project.js';
import { buildSectionTable } from '../resolve/section-table.js';
import { buildTriggerTable } from '../resolve/trigger-table.js';
import { resolve, type ResolveResult } from '../resolve/resolve.js';
import { exportResolverIndex, resolverIndex, restoreResolverIndex, type ResolverIndexData } from '../resolve/targets.js';
import type { ResolverHost } from './host.js';
import { loadCachedProject } from './model-cache.js';
import { loadSuggestIndex } from './suggest-index.js';
import type { Stamps } from './port-types.js';
import { needsModel, type WhenRequest } from './when.js';

/**
 * Everything else: the model (cached: an unchanged tree is not parsed again).
 * `verified`: the cache stamps the trigger table path already validated (null: stale); `payload`: the
 * model payload the exact stage read with them.
 * Each cache is built for the queries that read it: the model for `.Section` and `..file.md`, the
 * trigger table for a trigger (it reaches this stage when the table is stale; the next trigger needs
 * the table alone). A trigger after a `.Section` query restores the cached model and writes the
 * table then (model-cache.ts). On 1 MB of many headings, a cold `.Section` query spent ~0.4 s of its
 * ~2 s on a table no query of the call read.
 */
export async function fromModel(host: ResolverHost, { root, config, queries, operator }: WhenRequest, verified: Stamps | null, payload?: string): Promise<{ results: ResolveResult[]; project: Project }> {
  const modelRead = queries.some((query) => needsModel(query, operator));
  const tableRead = queries.some((query) => !needsModel(query, operator));
  const project = await loadCachedProject(host, root, config, {
    derived: {
      export: (p) => exportResolverIndex(p, resolverIndex(p, DEFAULT_RESOLVE_PARAMS)),
      restore: (p, data) => restoreResolverIndex(p, DEFAULT_RESOLVE_PARAMS, data as ResolverIndexData),
    },
    ...(tableRead ? { table: (p: Project) => buildTriggerTable(p, DEFAULT_RESOLVE_PARAMS) } : {}),
    // The section table heads the model: the exact stage answers the next `.Section` from it (app/when.ts).
    ...(modelRead ? { head: (p: Project) => buildSectionTable(p, DEFAULT_RESOLVE_PARAMS) } : {}),
    model: modelRead,
    verified,
    ...(payload !== undefined ? { payload } : {}),
  });
  // The project too: a miss's related entries are indexed from it, not from the model read back (when-related.ts).
  return { results: queries.map((query) => resolve(project, query, { operator })), project };
}

