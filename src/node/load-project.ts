import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { InputError } from '../core/errors.js';
import { buildProject, isDecisionPath, NeedsReferenceParser } from '../model/build-project.js';
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import { readTextIfExists } from './read-text.js';

/** Where the texts come from: the working tree, or the git index (`--staged`). */
export interface TreeSource {
  /** Root-relative paths of the decision files. */
  listDecisions(config: Config): string[];
  /** Text of a root-relative path, or undefined if it does not exist. */
  read(path: string): string | undefined;
}

export function workingTreeSource(root: string): TreeSource {
  return {
    listDecisions(config) {
      const dir = join(root, config.decisions);
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return [];
        throw new InputError(`${config.decisions}: cannot list the decisions folder (${code})`);
      }
      const realDir = realpathSync(dir);
      return names
        .filter((name) => name.endsWith('.md'))
        .filter((name) => {
          const full = join(dir, name);
          const stat = lstatSync(full);
          if (stat.isFile()) return true;
          // A symlink counts only if it stays inside the decisions folder.
          if (!stat.isSymbolicLink()) return false;
          try {
            return realpathSync(full).startsWith(realDir + sep);
          } catch {
            return false;
          }
        })
        .map((name) => `${config.decisions}/${name}`)
        .filter((path) => isDecisionPath(config, path));
    },
    read(path) {
      return readTextIfExists(join(root, path), path);
    },
  };
}

/** Reads the index, the decision files and the playbook once, and builds the model. */
export async function loadProject(config: Config, source: TreeSource): Promise<Project> {
  const files = new Map<string, string>();
  const index = source.read(config.index);
  if (index !== undefined) files.set(config.index, index);
  for (const path of source.listDecisions(config)) {
    const text = source.read(path);
    if (text !== undefined) files.set(path, text);
  }
  const playbook = source.read(config.playbook.path);
  if (playbook !== undefined) files.set(config.playbook.path, playbook);
  return buildWithFallback(files, config);
}

/** The fast scanner first; remark (loaded only now) for documents it declines. */
export async function buildWithFallback(files: ReadonlyMap<string, string>, config: Config): Promise<Project> {
  try {
    return buildProject(files, config);
  } catch (error) {
    if (!(error instanceof NeedsReferenceParser)) throw error;
    const { remarkHeadings } = await import('../model/remark-headings.js');
    return buildProject(files, config, remarkHeadings);
  }
}
