import { existsSync } from 'node:fs';
import type { Config } from '../model/config.js';
import { toRelevanceItem, type PlaybookKeyPoint } from '../relevance/key-points.js';
import { activeKeyPoints } from '../playbook/review.js';
import { playbookFile, readPlaybook } from './playbook-file.js';

export interface PlaybookKeyPoints {
  readonly path: string;
  readonly exists: boolean;
  readonly keyPoints: readonly PlaybookKeyPoint[];
  /** Why the file gave no key points, when it exists but cannot be read as a playbook. */
  readonly problem?: string;
  readonly unnamed: number;
}

/**
 * The playbook's key points as relevance items, read by the playbook library (one
 * loader, with its migration of legacy forms): every key point has a stable name.
 * A key point may carry `paths` (absolute path prerequisites) as an extra field.
 * Key points pending review (src/playbook/review.ts) are left out: they are not shown.
 */
export function readPlaybookKeyPoints(root: string, config: Config): PlaybookKeyPoints {
  const file = playbookFile(root, config);
  if (!existsSync(file.path)) return { path: file.path, exists: false, keyPoints: [], unnamed: 0 };
  try {
    const { playbook } = readPlaybook(file);
    return { path: file.path, exists: true, keyPoints: activeKeyPoints(playbook).map(toRelevanceItem), unnamed: 0 };
  } catch (error) {
    return { path: file.path, exists: true, keyPoints: [], problem: (error as Error).message, unnamed: 0 };
  }
}
