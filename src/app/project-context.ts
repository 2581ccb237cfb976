import type { Config } from '../model/config.js';
import type { RelevanceParams } from '../relevance/params.js';
import type { Host, TreeHost } from './host.js';

export interface ProjectContext {
  readonly root: string;
  readonly config: Config;
}

/** The tree of --root, else CLAUDE_PROJECT_DIR, else the one found from the cwd; and its config. */
export function projectContext(host: TreeHost, explicitRoot: string | undefined): ProjectContext {
  const fromEnv = host.env.CLAUDE_PROJECT_DIR;
  const root = host.resolveRoot(explicitRoot ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined));
  return { root, config: host.loadConfig(root).config };
}

/** What every relevance/feedback command needs: the tree, its config, the store and the parameters. */
export interface RelevanceContext extends ProjectContext {
  readonly storePath: string;
  readonly params: RelevanceParams;
}

export function relevanceContext(host: Host, explicitRoot: string | undefined): RelevanceContext {
  const { root, config } = projectContext(host, explicitRoot);
  return { root, config, storePath: host.relevanceStorePath(root, config), params: host.relevanceParams(config) };
}
