import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type Config } from '../model/config.js';
import { readTextIfExists } from './read-text.js';
import { locateJsonPointer } from '../model/json-locate.js';
import { stripBom } from '../model/bom.js';

export interface LoadedConfig {
  /** Absolute root of the memory tree. */
  readonly root: string;
  readonly config: Config;
  /** Absolute path of memdex.config.json, when there is one. */
  readonly configPath?: string;
}

/**
 * The root is the first directory, walking up from `start`, that holds
 * memdex.config.json or the default memory index. `explicitRoot` (--root,
 * CLAUDE_PROJECT_DIR) is taken as is.
 */
export function findRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, CONFIG_FILE)) || existsSync(join(dir, DEFAULT_CONFIG.index))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function loadConfig(root: string): LoadedConfig {
  const configPath = join(root, CONFIG_FILE);
  const text = readTextIfExists(configPath, CONFIG_FILE);
  if (text === undefined) return { root, config: DEFAULT_CONFIG };
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch (error) {
    throw new InputError(`${CONFIG_FILE}: invalid JSON (${(error as Error).message}); nothing was changed`);
  }
  const result = parseConfig(value);
  if (!result.ok) {
    const lines = result.problems.map((p) => {
      const at = locateJsonPointer(text, p.pointer);
      return `${CONFIG_FILE}:${at.line}:${at.column}: ${p.pointer}: ${p.message}`;
    });
    throw new InputError(`invalid configuration\n${lines.join('\n')}`);
  }
  return { root, config: result.config, configPath };
}

/** --root wins; otherwise walk up from cwd. Throws a clear error when no tree is found. */
export function resolveRoot(explicitRoot: string | undefined, cwd: string): string {
  if (explicitRoot !== undefined) {
    const root = resolve(cwd, explicitRoot);
    if (!existsSync(root)) throw new InputError(`--root ${explicitRoot}: no such directory`);
    return root;
  }
  const found = findRoot(cwd);
  if (!found) {
    throw new InputError(
      `no memory tree found from ${cwd} upwards: expected ${CONFIG_FILE} or ${DEFAULT_CONFIG.index}; pass --root`,
    );
  }
  return found;
}
