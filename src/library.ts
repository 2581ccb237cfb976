/**
 * The high-level functions of the public API (src/index.ts): load a memory tree and
 * check it, either from a folder on disk (read through the Node host, never
 * written: no fix, no journal recovery) or from texts in memory (pure). The rest of
 * the API is the pure core they are made of.
 */
import { loadConfig } from './app/load-config.js';
import { buildModel, loadProject as loadTree } from './app/load-project.js';
import type { Diagnostic } from './core/diagnostic.js';
import { runRules } from './core/engine.js';
import type { Rule } from './core/rule.js';
import { DEFAULT_CONFIG, type Config } from './model/config.js';
import type { Project } from './model/project.js';
import { nodeTreeHost } from './node/tree-host.js';
import { allRules } from './rules/registry.js';

/** Root-relative, '/'-separated paths to UTF-8 texts. */
export type Files = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

export interface LoadOptions {
  /** Default: the folder's memdex.config.json (or the defaults); DEFAULT_CONFIG for in-memory files. */
  readonly config?: Config;
}

export interface CheckOptions extends LoadOptions {
  /** Default: every rule (allRules), at the severities the config gives. */
  readonly rules?: readonly Rule[];
}

/**
 * The model of a memory tree: a folder (the tree holding it, found as `memdex check`
 * finds it, relative to the cwd) or the files themselves.
 * Throws MemdexError (with a message naming file and line) for a tree it cannot read.
 */
export async function loadProject(source: string | Files, options: LoadOptions = {}): Promise<Project> {
  if (typeof source !== 'string') {
    const files = source instanceof Map ? source : new Map(Object.entries(source));
    return buildModel(files, options.config ?? DEFAULT_CONFIG);
  }
  const host = nodeTreeHost();
  const root = host.resolveRoot(source);
  const config = options.config ?? loadConfig(host, root).config;
  return loadTree(config, host.workingTree(root));
}

/** The findings of `memdex check` (paths root-relative), in file and line order. */
export async function check(source: string | Files, options: CheckOptions = {}): Promise<Diagnostic[]> {
  return runRules(await loadProject(source, options), options.rules ?? allRules);
}
