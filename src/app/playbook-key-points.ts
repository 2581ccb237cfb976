import type { Config } from '../model/config.js';
import { activeKeyPoints } from '../playbook/review.js';
import { toRelevanceItem } from '../relevance/key-points.js';
import type { TreeHost } from './host.js';
import { playbookFile, readPlaybook, type PlaybookReadHost } from './playbook-file.js';
import type { PlaybookKeyPoint } from '../relevance/key-points.js';

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
 */
export function readPlaybookKeyPoints(host: PlaybookReadHost & Pick<TreeHost, 'exists' | 'resolvePath'>, root: string, config: Config): PlaybookKeyPoints {
  const file = playbookFile(host, root, config);
  if (!host.exists(file.path)) return { path: file.path, exists: false, keyPoints: [], unnamed: 0 };
  try {
    const { playbook } = readPlaybook(host, file);
    return { path: file.path, exists: true, keyPoints: activeKeyPoints(playbook).map(toRelevanceItem), unnamed: 0 };
  } catch (error) {
    return { path: file.path, exists: true, keyPoints: [], problem: (error as Error).message, unnamed: 0 };
  }
}
