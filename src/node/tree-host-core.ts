import { appendFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TreeHost } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { writeFileAtomic } from './atomic-write.js';
import { nowIso } from './clock.js';
import { guardWrites } from './guard-writes.js';
import { hookProjectRoot, resolveRoot, treeOfFolder } from './project-root.js';
import { readStdin } from './read-stdin.js';
import { readText, readTextIfExists } from './read-text.js';
import { writeStderr, writeStdout } from './write-output.js';

/** The members of the tree host a session's first prompt uses (first-prompt-host.ts): no git, cache, plugin or journal code. */
export type TreeHostCore = Pick<TreeHost, 'cwd' | 'env' | 'now' | 'stdin' | 'resolvePath' | 'exists' | 'readText' | 'readTextIfExists' | 'joinPath' | 'writeTextAtomic' | 'appendText' | 'findRoot' | 'resolveRoot' | 'hookRoot' | 'writeStdout' | 'writeStderr'>;

/**
 * The part of the tree host (tree-host.ts) that a session's first prompt needs. `stdin` is
 * what an earlier stage of this process already read (the when and hook fast paths hand it
 * over), else read on first use.
 */
export function nodeTreeCore(handover: { readonly stdin?: string } = {}): TreeHostCore {
  const cwd = process.cwd();
  let stdin = handover.stdin;
  return {
    cwd,
    env: process.env,
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
    writeStdout,
    writeStderr,
  };
}
