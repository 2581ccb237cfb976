import type { Config } from '../model/config.js';
import type { TreeHost } from './host.js';

export interface ProjectContext {
  readonly root: string;
  readonly config: Config;
}

/** The one tree of every command (model/project-root.ts) and its config. */
export function projectContext(host: Pick<TreeHost, 'resolveRoot' | 'loadConfig'>, explicitRoot: string | undefined): ProjectContext {
  const root = host.resolveRoot(explicitRoot);
  return { root, config: host.loadConfig(root).config };
}
