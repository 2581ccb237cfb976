import { buildProject } from '../model/build-project.js';
import { playbookTemplatePath, type Config } from '../model/config.js';
import { CONTEXT_FILES, type Project } from '../model/project.js';
import { compileIgnores, type CompiledIgnores } from '../model/ignores.js';
import { openParseCache } from './parse-cache.js';
import type { ParseCache, TreeSource } from '../app/port-types.js';

export { workingTreeSource } from './working-tree.js';

/** Reads the index, the decision files and the playbook once, and builds the model. */
export async function loadProject(config: Config, source: TreeSource, parseCache?: ParseCache): Promise<Project> {
  return buildWithFallback(readProjectFiles(config, source), config, parseCache);
}

/** The texts a project is built from: the index, the decision files, the playbook (and its template), the CLAUDE.md files. */
export function readProjectFiles(config: Config, source: TreeSource): Map<string, string> {
  const files = new Map<string, string>();
  const index = source.read(config.index);
  if (index !== undefined) files.set(config.index, index);
  for (const path of source.listDecisions(config)) {
    const text = source.read(path);
    if (text !== undefined) files.set(path, text);
  }
  for (const path of [config.playbook.path, playbookTemplatePath(config), ...CONTEXT_FILES]) {
    const text = path === undefined ? undefined : source.read(path);
    if (text !== undefined) files.set(path!, text);
  }
  return files;
}

/**
 * The model of these texts: each document read by the fast scanner, or by the linear
 * block scanner (loaded only for a document the fast one declines), or taken from a parse cache.
 */
export async function buildWithFallback(files: ReadonlyMap<string, string>, config: Config, parseCache: ParseCache = openParseCache(undefined)): Promise<Project> {
  return buildProject(files, config, await parseCache.parserFor(files, config), await loadIgnores(config));
}

/**
 * config `ignores` compiled, the glob matcher loaded only now (dist/glob.cjs for the CommonJS
 * bundles, a chunk of the ES module CLI): a tree without ignores never loads it.
 */
export async function loadIgnores(config: Config): Promise<CompiledIgnores | undefined> {
  if (!config.ignores || config.ignores.length === 0) return undefined;
  return compileIgnores(config.ignores, await import('../model/glob.js'));
}
