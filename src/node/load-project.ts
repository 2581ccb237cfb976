import { buildProject, NeedsReferenceParser } from '../model/build-project.js';
import { playbookTemplatePath, type Config } from '../model/config.js';
import type { Project } from '../model/project.js';

export { workingTreeSource, type TreeSource } from './working-tree.js';
import type { TreeSource } from './working-tree.js';

/** Reads the index, the decision files and the playbook once, and builds the model. */
export async function loadProject(config: Config, source: TreeSource): Promise<Project> {
  const files = new Map<string, string>();
  const index = source.read(config.index);
  if (index !== undefined) files.set(config.index, index);
  for (const path of source.listDecisions(config)) {
    const text = source.read(path);
    if (text !== undefined) files.set(path, text);
  }
  for (const path of [config.playbook.path, playbookTemplatePath(config)]) {
    const text = path === undefined ? undefined : source.read(path);
    if (text !== undefined) files.set(path!, text);
  }
  return buildWithFallback(files, config);
}

/** The fast scanner first; the complete, linear block scanner (loaded only now) for documents it declines. */
export async function buildWithFallback(files: ReadonlyMap<string, string>, config: Config): Promise<Project> {
  try {
    return buildProject(files, config);
  } catch (error) {
    if (!(error instanceof NeedsReferenceParser)) throw error;
    const { blockHeadings } = await import('../model/block-scan.js');
    return buildProject(files, config, blockHeadings);
  }
}
