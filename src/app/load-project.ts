/**
 * Loading a project: the texts it is built from, read through a tree source (the
 * working tree or git's index, src/app/port-types.ts TreeSource), and the model
 * built from them (model/build-project.ts), documents taken from a parse cache when
 * one is given. Every command that needs the whole model starts here.
 */
import { buildProjectWithIgnores } from '../model/build-project.js';
import { playbookTemplatePath, type Config } from '../model/config.js';
import { CONTEXT_FILES, type Project } from '../model/project.js';
import type { ParseCache } from './parse-cache.js';
import type { TreeSource } from './port-types.js';

/** Reads the index, the decision files and the playbook once, and builds the model. */
export async function loadProject(config: Config, source: TreeSource, parseCache?: ParseCache): Promise<Project> {
  return buildModel(readProjectFiles(config, source), config, parseCache);
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

/** The model of these texts: each document read by the block scanner (model/block-scan.ts), or taken from a parse cache. */
export async function buildModel(files: ReadonlyMap<string, string>, config: Config, parseCache?: ParseCache): Promise<Project> {
  return buildProjectWithIgnores(files, config, parseCache && (await parseCache.parserFor(files, config)));
}
