import { appendFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TreeHost } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { migrateMessages } from '../messages/migrate.js';
import { writeFileAtomic } from './atomic-write.js';
import { nowIso } from './clock.js';
import { guardWrites } from './guard-writes.js';
import { gitIndexSource } from './git.js';
import { nodeCacheHost } from './cache-host.js';
import { uncommittedPaths as uncommitted } from './git-status.js';
import { nodeJournalWrites } from './journal-files.js';
import { loadPlugins } from './load-plugins.js';
import { hookProjectRoot, resolveRoot, treeOfFolder } from './project-root.js';
import { gitListFiles, listFolder } from './list-files.js';
import { readStdin } from './read-stdin.js';
import { readText, readTextIfExists } from './read-text.js';
import { writeStderr, writeStdout } from './write-output.js';

/**
 * The memory-tree half of the host on this machine: what `check` needs, and no
 * more (it runs on every commit). `stdin` is what an earlier stage of this process
 * already read (the when fast path hands it over), else read on first use.
 */
export function nodeTreeHost(handover: { readonly stdin?: string } = {}): TreeHost {
  const cwd = process.cwd();
  let stdin = handover.stdin;
  return {
    ...nodeCacheHost(),
    ...nodeJournalWrites(),
    cwd,
    env: process.env,
    // Read when asked: creating process.stderr builds a stream (node:net, node:tty), which a check never needs.
    get interactive() {
      return process.stderr.isTTY === true;
    },
    now: nowIso,
    stdin: () => (stdin ??= readStdin()),
    resolvePath: (base, path) => resolve(base, path),
    exists: existsSync,
    readText,
    readTextIfExists,
    joinPath: (dir, path) => join(dir, path),
    writeTextAtomic: (path, text, options) => guardWrites([path], () => osMessages.cannotWrite(path), () => writeFileAtomic(path, text, options)),
    appendText: appendFileSync,
    findRoot: treeOfFolder,
    resolveRoot: (explicit) => resolveRoot(explicit, cwd, process.env),
    hookRoot: (payloadCwd) => hookProjectRoot(process.env, payloadCwd, cwd),
    loadPlugins,
    gitIndex: gitIndexSource,
    uncommittedPaths: (root, paths) => uncommitted(root, paths),
    gitListFiles,
    listFolder,
    writeStdout,
    writeStderr,
    progress: (done, total) => {
      if (process.stderr.isTTY) writeStderr(migrateMessages.progress(done, total)); // its own `\r`: not escaped (cli/escape-output.ts)
    },
  };
}
