import type { Config } from '../model/config.js';
import { loadConfig } from '../node/load-config.js';
import { resolveRoot } from '../node/project-root.js';
import { projectRelevanceParams, relevanceStorePath } from '../node/relevance-store.js';
import type { RelevanceParams } from '../relevance/params.js';

/** What every relevance/feedback command needs: the tree, its config, the store and the parameters. */
export interface RelevanceContext {
  readonly root: string;
  readonly config: Config;
  readonly storePath: string;
  readonly params: RelevanceParams;
}

export function relevanceContext(explicitRoot: string | undefined): RelevanceContext {
  const root = resolveRoot(explicitRoot, process.cwd(), process.env);
  const { config } = loadConfig(root);
  return { root, config, storePath: relevanceStorePath(root, config), params: projectRelevanceParams(config) };
}

export function formatNumber(value: number): string {
  return (Math.round(value * 1000) / 1000).toFixed(3);
}
