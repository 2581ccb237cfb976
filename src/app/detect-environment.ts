import { detectEnvironmentTags, MANIFEST_FILES, repoName, repositoryTag, type RepoSnapshot } from '../relevance/environment.js';
import type { AgentHost, TreeHost } from './host.js';
import { baseName } from './paths.js';
import type { Environment } from './port-types.js';

/** Manifests larger than this are not dependency lists worth parsing in a hook. */
const MAX_MANIFEST_BYTES = 1_000_000;

export type EnvironmentHost = Pick<AgentHost, 'listEntries' | 'gitOriginUrl'> & Pick<TreeHost, 'readTextIfExists' | 'joinPath'>;

/**
 * The repository's environment tags (relevance/environment.ts detectEnvironmentTags)
 * from what its root holds: the names at the top, the manifests among them, the
 * `origin` remote. Nothing detected: the repository is its own tag
 * (repositoryTag). Never throws: what could not be read is an issue.
 */
export function detectEnvironment(host: EnvironmentHost, root: string): Environment {
  const issues: string[] = [];
  let entries: readonly string[] = [];
  try {
    entries = host.listEntries(root);
  } catch (error) {
    issues.push(`${root}: cannot list (${(error as { code?: string }).code ?? String(error)})`);
  }
  const manifests: Record<string, string> = {};
  for (const file of MANIFEST_FILES) {
    if (!entries.includes(file)) continue;
    try {
      const text = host.readTextIfExists(host.joinPath(root, file), file);
      if (text !== undefined && text.length <= MAX_MANIFEST_BYTES) manifests[file] = text;
    } catch (error) {
      issues.push((error as Error).message);
    }
  }
  const remoteUrl = host.gitOriginUrl(root);
  const snapshot: RepoSnapshot = { entries, manifests, ...(remoteUrl !== undefined ? { remoteUrl } : {}) };
  const detected = detectEnvironmentTags(snapshot);
  const repo = repoName(remoteUrl, baseName(root));
  return { tags: detected.tags.length > 0 ? detected.tags : [repositoryTag(repo)], repo, issues: [...issues, ...detected.issues] };
}
