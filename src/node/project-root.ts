/**
 * The file-system side of root discovery (src/model/project-root.ts holds the one
 * order and documents it): this adapter only supplies `exists`, turns answers into
 * errors, and names the trees below a folder that holds none (`--root` one level
 * too high, a monorepo's root), so that no tree is skipped without a word.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { rootMessages as m } from '../messages/root.js';
import { discoverRoot, holdsTree, ROOT_MARKERS, treeAbove } from '../model/project-root.js';

/** How deep below a folder the trees are looked for, and how many folders at most are listed: the error stays instant. */
const BELOW_DEPTH = 4;
const BELOW_FOLDERS = 2_000;
/** Trees named in the error. */
const BELOW_SHOWN = 3;

/** The tree a command works on (--root, CLAUDE_PROJECT_DIR, the tree above the cwd); an InputError when there is none. */
export function resolveRoot(option: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  const answer = discoverRoot({ option, env: env.CLAUDE_PROJECT_DIR, cwd: resolve(cwd), exists: existsSync });
  if (!answer.ok) {
    if (answer.reason === 'missing') throw new InputError(m.missingRoot(answer.source, answer.given));
    throw new InputError(m.emptyRoot(answer.source, answer.given, ROOT_MARKERS, treesBelow(answer.path)));
  }
  if (answer.source === 'cwd') throw new InputError(m.noTree(answer.root, ROOT_MARKERS, treesBelow(answer.root)));
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
  return holdsTree(root, existsSync) ? root : undefined;
}

/** The tree holding a folder (check's file arguments), or undefined. */
export function treeOfFolder(dir: string): string | undefined {
  return treeAbove(resolve(dir), existsSync);
}

/** Trees below `dir` (paths relative to it, nearest first), breadth first; dot folders and node_modules are not entered. */
export function treesBelow(dir: string): readonly string[] {
  const found: string[] = [];
  let level = [dir];
  let listed = 0;
  for (let depth = 1; depth <= BELOW_DEPTH && level.length > 0 && found.length < BELOW_SHOWN; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      if (listed++ >= BELOW_FOLDERS) return found;
      let names: string[];
      try {
        names = readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
          .map((entry) => entry.name)
          .sort();
      } catch {
        continue; // unreadable: nothing to name below it
      }
      for (const name of names) {
        const path = join(folder, name);
        if (holdsTree(path, existsSync)) {
          if (found.length < BELOW_SHOWN) found.push(relative(dir, path));
        } else next.push(path);
      }
    }
    level = next;
  }
  return found;
}
