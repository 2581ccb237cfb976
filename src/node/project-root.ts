/**
 * The file-system side of root discovery (src/model/project-root.ts holds the one
 * order and documents it): this adapter only supplies `exists` and turns answers
 * into errors.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { rootMessages as m } from '../messages/root.js';
import { discoverRoot, ROOT_MARKERS, treeAbove } from '../model/project-root.js';
import { DEFAULT_CONFIG } from '../model/config.js';

/** The tree a command works on (--root, CLAUDE_PROJECT_DIR, the tree above the cwd); an InputError when there is none. */
export function resolveRoot(option: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  const answer = discoverRoot({ option, env: env.CLAUDE_PROJECT_DIR, cwd: resolve(cwd), exists: existsSync });
  if (!answer.ok) throw new InputError(m.missingRoot(answer.source, answer.given));
  if (answer.source === 'cwd') throw new InputError(m.noTree(answer.root, ROOT_MARKERS));
  return answer.root;
}

/**
 * The tree a hook works on: the same order from the session's cwd (the payload's,
 * else the process's); undefined when that folder holds no memory (no root marker, no
 * playbook): a hook then does nothing and writes nothing (a payload cwd of `/` wrote
 * /.claude/, one that did not exist was created).
 */
export function hookProjectRoot(env: NodeJS.ProcessEnv, payloadCwd: string | undefined, cwd: string): string | undefined {
  const start = resolve(cwd, payloadCwd ?? '.');
  const answer = discoverRoot({ env: env.CLAUDE_PROJECT_DIR, cwd: start, exists: existsSync });
  const root = answer.ok ? answer.root : answer.path;
  return [...ROOT_MARKERS, DEFAULT_CONFIG.playbook.path].some((marker) => existsSync(join(root, marker))) ? root : undefined;
}

/** The tree holding a folder (check's file arguments), or undefined. */
export function treeOfFolder(dir: string): string | undefined {
  return treeAbove(resolve(dir), existsSync);
}
