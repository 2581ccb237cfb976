import type { Config } from '../model/config.js';
import type { RelevanceParams } from '../relevance/params.js';
import type { Host, TreeHost } from './host.js';
import { projectRelevanceParams, relevanceStorePath } from './relevance-store.js';

export interface ProjectContext {
  readonly root: string;
  readonly config: Config;
}

/** The one tree of every command (model/project-root.ts) and its config. */
export function projectContext(host: Pick<TreeHost, 'resolveRoot' | 'loadConfig'>, explicitRoot: string | undefined): ProjectContext {
  const root = host.resolveRoot(explicitRoot);
  return { root, config: host.loadConfig(root).config };
}

/** What every relevance/feedback command needs: the tree, its config, the store and the parameters. */
export interface RelevanceContext extends ProjectContext {
  readonly storePath: string;
  readonly params: RelevanceParams;
}

export function relevanceContext(host: Host, explicitRoot: string | undefined): RelevanceContext {
  const { root, config } = projectContext(host, explicitRoot);
  return { root, config, storePath: relevanceStorePath(host, root, config), params: projectRelevanceParams(config) };
}
