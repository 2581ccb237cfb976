/** The numbers `memdex playbook stats` shows. */
import { shouldPrune } from './apply-extraction.js';
import type { Playbook } from './types.js';

export interface PlaybookStats {
  readonly keyPoints: number;
  /** Never rated either way (0/0). */
  readonly untested: number;
  /** Held for review: not injected (review.ts). */
  readonly pending: number;
  readonly helpfulRatings: number;
  readonly harmfulRatings: number;
  /** One more harmful rating would prune them. */
  readonly atRisk: readonly string[];
  readonly nameCounter: number;
  readonly lastUpdated: string | null;
}

export function playbookStats(playbook: Playbook): PlaybookStats {
  const kps = playbook.keyPoints;
  return {
    keyPoints: kps.length,
    untested: kps.filter((kp) => kp.helpful === 0 && kp.harmful === 0).length,
    pending: kps.filter((kp) => kp.pending !== undefined).length,
    helpfulRatings: kps.reduce((sum, kp) => sum + kp.helpful, 0),
    harmfulRatings: kps.reduce((sum, kp) => sum + kp.harmful, 0),
    atRisk: kps.filter((kp) => shouldPrune({ helpful: kp.helpful, harmful: kp.harmful + 1 })).map((kp) => kp.name),
    nameCounter: playbook.nameCounter,
    lastUpdated: playbook.lastUpdated,
  };
}
