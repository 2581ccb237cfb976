/**
 * The injection text (REQ-SCORE-003): one line per key point,
 * `[name] helpful=X harmful=Y :: text`, put into the template at `{key_points}`.
 */
import { oneLine } from '../core/one-line.js';
import type { KeyPoint, Playbook } from './types.js';

export const KEY_POINTS_PLACEHOLDER = '{key_points}';

/** Line breaks inside a text become spaces: one key point is one line. */
export function formatKeyPoint(kp: KeyPoint): string {
  return `[${kp.name}] helpful=${kp.helpful} harmful=${kp.harmful} :: ${oneLine(kp.text)}`;
}

export function formatKeyPoints(playbook: Playbook): string {
  return playbook.keyPoints.map(formatKeyPoint).join('\n');
}

/**
 * The template with every `{key_points}` replaced, literally: no format-string
 * semantics, so braces in the template or in a text need no escaping. An empty
 * playbook renders as "" (nothing is injected).
 */
export function renderPlaybook(playbook: Playbook, template: string): string {
  if (playbook.keyPoints.length === 0) return '';
  return template.split(KEY_POINTS_PLACEHOLDER).join(formatKeyPoints(playbook));
}

/** A usable template has the placeholder; otherwise the key points would be dropped silently. */
export function hasPlaceholder(template: string): boolean {
  return template.includes(KEY_POINTS_PLACEHOLDER);
}
