import type { CacheHost, JournalFiles, TreeHost } from '../app/host.js';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { nodeJournalFiles } from './journal-files.js';
import { readText, readTextIfExists } from './read-text.js';
import { resolveRoot } from './project-root.js';
import { readStdin } from './read-stdin.js';
import { nodeCacheHost } from './cache-host.js';
import { writeStderr, writeStdout } from './write-output.js';

export type SuggestHost = Pick<TreeHost, 'resolveRoot' | 'readTextIfExists' | 'joinPath' | 'exists' | 'readText' | 'stdin' | 'writeStdout' | 'writeStderr'> & CacheHost & JournalFiles;

/**
 * The part of the tree host `memdex suggest` uses, and only its adapters: the
 * command runs per task from its own bundle (dist/suggest.cjs), and the whole tree
 * host would load git and the parsers it never needs on a warm cache. The journal it
 * loads (one stat when nothing is pending): a tree torn by a killed `add` is made whole first.
 */
export function nodeSuggestHost(handover: { readonly stdin?: string } = {}): SuggestHost {
  const cwd = process.cwd();
  let stdin = handover.stdin;
  return {
    ...nodeCacheHost(),
    ...nodeJournalFiles(),
    exists: existsSync,
    readText,
    resolveRoot: (explicit) => resolveRoot(explicit, cwd, process.env),
    readTextIfExists,
    joinPath: (dir, path) => join(dir, path),
    stdin: () => (stdin ??= readStdin()),
    writeStdout,
    writeStderr,
  };
}
