import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { detectEnvironmentTags, MANIFEST_FILES, repoName, type RepoSnapshot } from '../relevance/environment.js';
import { gitOriginUrl } from './git-origin.js';
import { readTextIfExists } from './read-text.js';
import type { Environment } from '../app/port-types.js';

/** Manifests larger than this are not dependency lists worth parsing in a hook. */
const MAX_MANIFEST_BYTES = 1_000_000;

/** Reads what detectEnvironmentTags needs from the repository root. Never throws. */
export function detectEnvironment(root: string): Environment {
  const issues: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(root, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
  } catch (error) {
    issues.push(`${root}: cannot list (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const manifests: Record<string, string> = {};
  for (const file of MANIFEST_FILES) {
    if (!entries.includes(file)) continue;
    try {
      const text = readTextIfExists(join(root, file), file);
      if (text !== undefined && text.length <= MAX_MANIFEST_BYTES) manifests[file] = text;
    } catch (error) {
      issues.push((error as Error).message);
    }
  }
  const remoteUrl = gitOriginUrl(root);
  const snapshot: RepoSnapshot = { entries, manifests, ...(remoteUrl !== undefined ? { remoteUrl } : {}) };
  const detected = detectEnvironmentTags(snapshot);
  return { tags: detected.tags, repo: repoName(remoteUrl, basename(root)), issues: [...issues, ...detected.issues] };
}
