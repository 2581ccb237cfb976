/**
 * The key points of a parsed `.claude/playbook.json`, as injection candidates.
 * A stopgap reader for this module's CLI: the playbook library (src/playbook/)
 * owns loading and migration, and the hook should pass its key points instead.
 * Reads the flat `key_points` list and the `sections` layout; entries without
 * a `name` have no stable id yet and are reported, not shown.
 */
import type { InjectionKeyPoint } from './inject.js';

export interface PlaybookKeyPoint extends InjectionKeyPoint {
  /** Optional per-entry path prerequisites (absolute paths; paths.ts). */
  readonly paths?: readonly string[];
}

export interface KeyPointsRead {
  readonly keyPoints: readonly PlaybookKeyPoint[];
  readonly unnamed: number;
}

export function keyPointsFromPlaybook(value: unknown): KeyPointsRead {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { keyPoints: [], unnamed: 0 };
  const record = value as Record<string, unknown>;
  const lists: unknown[] = [];
  if (record.sections !== null && typeof record.sections === 'object' && !Array.isArray(record.sections)) {
    lists.push(...Object.values(record.sections as Record<string, unknown>));
  } else lists.push(record.key_points);
  const keyPoints: PlaybookKeyPoint[] = [];
  let unnamed = 0;
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        if (typeof entry === 'string') unnamed++;
        continue;
      }
      const e = entry as Record<string, unknown>;
      if (typeof e.name !== 'string' || typeof e.text !== 'string') {
        unnamed++;
        continue;
      }
      const paths = Array.isArray(e.paths) ? e.paths.filter((p): p is string => typeof p === 'string') : undefined;
      keyPoints.push({
        id: e.name,
        text: e.text,
        ...(typeof e.helpful === 'number' ? { helpful: e.helpful } : {}),
        ...(typeof e.harmful === 'number' ? { harmful: e.harmful } : {}),
        ...(paths !== undefined ? { paths } : {}),
      });
    }
  }
  return { keyPoints, unnamed };
}
