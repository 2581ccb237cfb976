/** A playbook key point as a relevance item (read by src/node/read-playbook-key-points.ts). */
import type { InjectionKeyPoint } from './inject.js';

export interface PlaybookKeyPoint extends InjectionKeyPoint {
  /** Optional per-entry path prerequisites (absolute paths; paths.ts). */
  readonly paths?: readonly string[];
}
