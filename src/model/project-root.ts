/**
 * Which memory tree a command works on: one order for every command and hook.
 *
 *   1. `--root DIR` (relative to the current directory): it must hold a tree
 *      (`memdex.config.json`, `agents/memory-index.md` or `.claude/playbook.json`), else that is the answer,
 *      an error (a mistyped `--root` in CI must not pass as a clean tree);
 *   2. `CLAUDE_PROJECT_DIR`, when set and not empty (Claude Code sets it for hooks
 *      and for the commands an agent runs: they answer from the project, wherever
 *      the agent's shell has wandered). When that folder holds no tree (a monorepo
 *      whose tree is in `packages/app`), the tree at or above the current
 *      directory, if it lies inside the project, is used; else that is an error;
 *   3. the nearest folder at or above the current directory holding a marker;
 *   4. the current directory itself (`source: 'cwd'`): hooks run there and do
 *      nothing without memory files; every other command reports that no tree was
 *      found (and names the trees it finds below, never skipping one silently).
 * `memdex check <files>` selects trees differently: each file's tree is found by
 * walking up from the file (step 3 from the file's folder), as pre-commit expects.
 *
 * Pure: the file system is the `exists` predicate the adapter (src/node/) supplies;
 * paths are joined here with `/` (a `\` written by Windows is read as a separator).
 */
import { CONFIG_FILE, DEFAULT_CONFIG } from './config.js';

export type RootSource = 'option' | 'env' | 'found' | 'cwd';

export interface RootRequest {
  /** `--root`, as typed. */
  readonly option?: string | undefined;
  /** CLAUDE_PROJECT_DIR, as set. */
  readonly env?: string | undefined;
  /** Absolute current directory (a hook: the session's cwd). */
  readonly cwd: string;
  readonly exists: (path: string) => boolean;
}

export type RootAnswer =
  | { readonly ok: true; readonly root: string; readonly source: RootSource }
  /**
   * An explicitly named root (`--root`, CLAUDE_PROJECT_DIR) that does not exist (`missing`), or holds no
   * tree (`empty`): never silently replaced.
   */
  | { readonly ok: false; readonly source: 'option' | 'env'; readonly given: string; readonly path: string; readonly reason: 'missing' | 'empty' };

/** Files whose presence marks the root of a memory tree (the playbook alone is one: a project may use only it). */
export const ROOT_MARKERS: readonly string[] = [CONFIG_FILE, DEFAULT_CONFIG.index, DEFAULT_CONFIG.playbook.path];

export function discoverRoot(request: RootRequest): RootAnswer {
  const cwd = normalizePath(request.cwd);
  for (const [source, given] of [['option', request.option], ['env', request.env]] as const) {
    if (given === undefined || given.trim() === '') continue;
    const path = absolutePath(cwd, given);
    if (!request.exists(path)) return { ok: false, source, given, path, reason: 'missing' };
    if (holdsTree(path, request.exists)) return { ok: true, root: path, source };
    const inside = source === 'env' ? treeAbove(cwd, request.exists) : undefined;
    if (inside !== undefined && (inside === path || inside.startsWith(joinPath(path, '')))) return { ok: true, root: inside, source: 'found' };
    return { ok: false, source, given, path, reason: 'empty' };
  }
  const found = treeAbove(cwd, request.exists);
  return found === undefined ? { ok: true, root: cwd, source: 'cwd' } : { ok: true, root: found, source: 'found' };
}

/** Whether `dir` holds a root marker. */
export function holdsTree(dir: string, exists: (path: string) => boolean): boolean {
  return ROOT_MARKERS.some((marker) => exists(joinPath(dir, marker)));
}

/** The nearest folder at or above `dir` holding a root marker. */
export function treeAbove(dir: string, exists: (path: string) => boolean): string | undefined {
  for (let current = normalizePath(dir); ; ) {
    if (holdsTree(current, exists)) return current;
    const parent = parentPath(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** `path` made absolute against `cwd`, `.` and `..` resolved. */
export function absolutePath(cwd: string, path: string): string {
  return normalizePath(isAbsolutePath(path) ? path : `${cwd}/${path}`);
}

export function joinPath(dir: string, relative: string): string {
  return dir.endsWith('/') ? `${dir}${relative}` : `${dir}/${relative}`;
}

/** The folder above `path`; the root is its own parent. */
export function parentPath(path: string): string {
  const { prefix, parts } = splitPath(path);
  return parts.length === 0 ? prefix : prefix + parts.slice(0, -1).join('/');
}

function isAbsolutePath(path: string): boolean {
  return /^(?:[\\/]|[A-Za-z]:[\\/])/.test(path);
}

function normalizePath(path: string): string {
  const { prefix, parts } = splitPath(path);
  return prefix + parts.join('/');
}

/** `/` or `C:/` and the folder names below it, `.` and `..` resolved. */
function splitPath(path: string): { prefix: string; parts: string[] } {
  const drive = /^[A-Za-z]:/.exec(path)?.[0] ?? '';
  const prefix = `${drive}/`;
  const parts: string[] = [];
  for (const part of path.slice(drive.length).split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return { prefix, parts };
}
