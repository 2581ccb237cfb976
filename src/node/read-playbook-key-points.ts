import { join } from 'node:path';
import type { Config } from '../model/config.js';
import { keyPointsFromPlaybook, type PlaybookKeyPoint } from '../relevance/key-points.js';
import { readTextIfExists } from './read-text.js';

export interface PlaybookKeyPoints {
  readonly path: string;
  readonly exists: boolean;
  readonly keyPoints: readonly PlaybookKeyPoint[];
  /** Why the file gave no key points, when it exists but cannot be read as a playbook. */
  readonly problem?: string;
  readonly unnamed: number;
}

/**
 * The playbook's key points for this module's own commands. MERGE NOTE: the
 * playbook library (src/playbook/) owns loading and migration; at merge this
 * becomes a call to its loader.
 */
export function readPlaybookKeyPoints(root: string, config: Config): PlaybookKeyPoints {
  const path = join(root, config.playbook.path);
  let text: string | undefined;
  try {
    text = readTextIfExists(path, config.playbook.path);
  } catch (error) {
    return { path, exists: true, keyPoints: [], problem: (error as Error).message, unnamed: 0 };
  }
  if (text === undefined) return { path, exists: false, keyPoints: [], unnamed: 0 };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { path, exists: true, keyPoints: [], problem: `${config.playbook.path}: invalid JSON (${(error as Error).message})`, unnamed: 0 };
  }
  return { path, exists: true, ...keyPointsFromPlaybook(value) };
}
