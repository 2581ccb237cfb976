import type { TreeHost } from '../app/host.js';
import { migrateMessages } from '../messages/migrate.js';
import { gitIndexSource } from './git.js';
import { nodeCacheHost } from './cache-host.js';
import { uncommittedPaths as uncommitted } from './git-status.js';
import { nodeJournalWrites } from './journal-files.js';
import { loadPlugins } from './load-plugins.js';
import { gitListFiles, listFolder } from './list-files.js';
import { nodeTreeCore } from './tree-host-core.js';
import { writeStderr } from './write-output.js';

/**
 * The memory-tree half of the host on this machine: what `check` needs, and no
 * more (it runs on every commit): tree-host-core.ts (what a session's first prompt
 * uses too) and the project's files, git, the caches and the journal.
 */
export function nodeTreeHost(handover: { readonly stdin?: string } = {}): TreeHost {
  return {
    ...nodeCacheHost(),
    ...nodeJournalWrites(),
    ...nodeTreeCore(handover),
    // Read when asked: creating process.stderr builds a stream (node:net, node:tty), which a check never needs.
    get interactive() {
      return process.stderr.isTTY === true;
    },
    loadPlugins,
    gitIndex: gitIndexSource,
    uncommittedPaths: (root, paths) => uncommitted(root, paths),
    gitListFiles,
    listFolder,
    progress: (done, total) => {
      if (process.stderr.isTTY) writeStderr(migrateMessages.progress(done, total)); // its own `\r`: not escaped (cli/escape-output.ts)
    },
  };
}
