import type { Config } from '../model/config.js';
import { loadConfig } from './load-config.js';
import type { TreeHost } from './host.js';
import { recoverJournal, type JournalHost } from './journal.js';

export interface ProjectContext {
  readonly root: string;
  readonly config: Config;
}

/**
 * The one tree of every command (model/project-root.ts) and its config, after an
 * interrupted `add` or migration is finished or rolled back (journal.ts): no command
 * reads a tree torn between its two writes.
 */
export function projectContext(host: Pick<TreeHost, 'resolveRoot' | 'readTextIfExists' | 'joinPath'> & JournalHost, explicitRoot: string | undefined): ProjectContext {
  const root = host.resolveRoot(explicitRoot);
  recoverJournal(host, root);
  return { root, config: loadConfig(host, root).config };
}
