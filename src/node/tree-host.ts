import { resolve } from 'node:path';
import type { TreeHost } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { migrateMessages } from '../messages/migrate.js';
import { guardWrites } from './guard-writes.js';
import { gitIndexSource } from './git.js';
import { uncommittedPaths as uncommitted } from './git-status.js';
import { commitFiles, recoverPendingJournal } from './journal.js';
import { loadPlugins } from './load-plugins.js';
import { workingTreeSource } from './working-tree.js';
import { readMarkdownFiles } from './markdown-files.js';
import { openParseCache } from './parse-cache.js';
import { loadSuggestIndex } from './suggest-cache.js';
import { nodeTreeCore } from './tree-host-core.js';
import { writeStderr } from './write-output.js';

/**
 * The memory-tree half of the host on this machine: what `check` needs, and no
 * more (it runs on every commit): tree-host-core.ts (what a session's first prompt
 * uses too) and the project's files, git, the caches and the journal.
 */
export function nodeTreeHost(handover: { readonly stdin?: string } = {}): TreeHost {
  const core = nodeTreeCore(handover);
  return {
    ...core,
    // Read when asked: creating process.stderr builds a stream (node:net, node:tty), which a check never needs.
    get interactive() {
      return process.stderr.isTTY === true;
    },
    loadPlugins,
    recoverJournal: recoverPendingJournal,
    // A failed migration is rolled back at once (its temps removed), then the targets say whether anything changed.
    commitFiles: (root, changes, hooks) =>
      guardWrites(
        [...changes.keys()].map((path) => resolve(root, path)),
        (error) => osMessages.cannotWrite(typeof error.path === 'string' ? error.path : root),
        () => commitFiles(root, changes, hooks),
        () => recoverPendingJournal(root),
      ),
    workingTree: workingTreeSource,
    gitIndex: gitIndexSource,
    loadSuggestIndex: (root, config) => loadSuggestIndex(root, config, workingTreeSource(root)),
    parseCache: openParseCache,
    uncommittedPaths: (root, paths) => uncommitted(root, paths),
    readMarkdownFiles,
    progress: (done, total) => {
      if (process.stderr.isTTY) writeStderr(migrateMessages.progress(done, total)); // its own `\r`: not escaped (cli/escape-output.ts)
    },
  };
}
