/** A playbook key point as a relevance item (read by src/app/playbook-key-points.ts). */
import type { InjectionKeyPoint } from './inject.js';

export interface PlaybookKeyPoint extends InjectionKeyPoint {
  /** Optional per-entry path prerequisites (absolute paths; paths.ts). */
  readonly paths?: readonly string[];
}

/** A playbook key point as a relevance item; `paths` (absolute path prerequisites) is an extra field. */
export function toRelevanceItem(kp: { name: string; text: string; helpful: number; harmful: number; extra: Readonly<Record<string, unknown>> }): PlaybookKeyPoint {
  const paths = kp.extra.paths;
  const valid = Array.isArray(paths) && paths.every((p) => typeof p === 'string');
  return { id: kp.name, text: kp.text, helpful: kp.helpful, harmful: kp.harmful, ...(valid ? { paths: paths as string[] } : {}) };
}
