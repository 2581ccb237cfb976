/**
 * The canonical text of playbook.json: fixed key order, 2-space indent, LF, final
 * newline, never a `score` (INV-SCORE-004) and never a non-finite number (counters
 * are safe integers by construction). `now` (ISO 8601 UTC) becomes `last_updated`.
 */
import type { KeyPoint, Playbook } from './types.js';

export function serializePlaybook(playbook: Playbook, now: string): string {
  return `${JSON.stringify(toJson({ ...playbook, lastUpdated: now }), null, 2)}\n`;
}

/** The JSON value written to disk; unknown keys follow the known ones. */
export function toJson(playbook: Playbook): Record<string, unknown> {
  return {
    version: playbook.version,
    last_updated: playbook.lastUpdated,
    name_counter: playbook.nameCounter,
    key_points: playbook.keyPoints.map(entryJson),
    ...playbook.extra,
  };
}

function entryJson(kp: KeyPoint): Record<string, unknown> {
  return {
    name: kp.name,
    text: kp.text,
    helpful: kp.helpful,
    harmful: kp.harmful,
    ...(kp.source ? { source: kp.source } : {}),
    ...(kp.pending ? { pending: kp.pending } : {}),
    ...kp.extra,
  };
}
