/**
 * The host of `memdex when|how|resolve` on this machine (src/app/host.ts WhenHost):
 * only what the table stages read (the cache's stamps and trigger table, the
 * decision files, the config), so that the exact stage's bundle (dist/when.cjs)
 * carries no parser. The model stage's adds the model cache and the ranker's index
 * (resolver-host.ts); the fuzzy stage's is smaller still (table-host.ts).
 */
import type { WhenHost } from '../app/host.js';
import { readPayload, readStamps } from './cache-files.js';
import { existsSync } from 'node:fs';
import { nodeJournalFiles } from './journal-files.js';
import { join } from 'node:path';
import { readText, readTextIfExists } from './read-text.js';
import { resolveRoot } from './project-root.js';
import { readTreeText } from './read-confined.js';
import { readStdin } from './read-stdin.js';
import { workingTreeSource } from './working-tree.js';
import { writeStderr, writeStdout } from './write-output.js';

/** `stdin`: what an earlier stage of this process already read. */
export function nodeWhenHost(handover: { readonly stdin?: string | undefined } = {}): WhenHost {
  let stdin = handover.stdin;
  return {
    ...nodeJournalFiles(),
    exists: existsSync,
    readText,
    resolveRoot: (explicit) => resolveRoot(explicit, process.cwd(), process.env),
    readTextIfExists,
    joinPath: (dir, path) => join(dir, path),
    stdin: () => (stdin ??= readStdin()),
    writeStdout,
    writeStderr,
    readTreeStamps: (root, config) => readStamps(root, config, [config.index, ...workingTreeSource(root).listDecisions(config)]),
    readTriggerTable: (root, stamps) => readPayload(root, 'table', stamps),
    readModelPayload: (root, stamps) => readPayload(root, 'model', stamps),
    readDecisionText: readTreeText,
  };
}
