import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError, UsageError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type Config, type ConfigProblem } from '../model/config.js';
import { readTextIfExists } from './read-text.js';
import { describeConfigProblems } from '../model/config-problems.js';
import { configMessages } from '../messages/config.js';

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

/**
 * Reads and checks memdex.config.json. With `checkRules` (the commands that run
 * rules pass core/rule-options.ts checkRuleSettings over the registry), rule ids and
 * options are checked too: a bad setting is a usage error. Passed in, so that the
 * recall fast path does not load the rules.
 */
export function loadConfig(root: string, checkRules?: (rules: Config['rules']) => readonly ConfigProblem[]): LoadedConfig {
  const configPath = join(root, CONFIG_FILE);
  const text = readTextIfExists(configPath, CONFIG_FILE);
  if (text === undefined) return { root, config: DEFAULT_CONFIG };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new InputError(configMessages.invalidJson(CONFIG_FILE, (error as Error).message));
  }
  const result = parseConfig(value);
  const problems = result.ok ? (checkRules?.(result.config.rules) ?? []) : result.problems;
  if (!result.ok || problems.length > 0) throw new UsageError(describeConfigProblems(CONFIG_FILE, text, problems));
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
