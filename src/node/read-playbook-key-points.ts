import { existsSync } from 'node:fs';
import type { Config } from '../model/config.js';
import { toRelevanceItem, type PlaybookKeyPoint } from '../relevance/key-points.js';
import { playbookFile, readPlaybook } from './playbook-file.js';
import type { PlaybookKeyPoints } from '../app/port-types.js';

/**
 * The playbook's key points as relevance items, read by the playbook library (one
 * loader, with its migration of legacy forms): every key point has a stable name.
 * A key point may carry `paths` (absolute path prerequisites) as an extra field.
 */
export function readPlaybookKeyPoints(root: string, config: Config): PlaybookKeyPoints {
  const file = playbookFile(root, config);
  if (!existsSync(file.path)) return { path: file.path, exists: false, keyPoints: [], unnamed: 0 };
  try {
    const { playbook } = readPlaybook(file);
    return { path: file.path, exists: true, keyPoints: playbook.keyPoints.map(toRelevanceItem), unnamed: 0 };
  } catch (error) {
    return { path: file.path, exists: true, keyPoints: [], problem: (error as Error).message, unnamed: 0 };
  }
}
