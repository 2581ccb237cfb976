/**
 * The review of held key points (src/playbook/quarantine.ts says which are held):
 * `memdex playbook pending` lists them, `approve` lets one in (it is injected from
 * the next session on, its source records when), `reject` removes it (its name is
 * never given again: name_counter keeps it). Pure: the writer runs these under the
 * playbook's lock (src/node/playbook-file.ts).
 */
import type { KeyPoint, Playbook } from './types.js';

/** The key points an agent is shown and an extractor may rate: all but the pending. */
export function activeKeyPoints(playbook: Playbook): KeyPoint[] {
  return playbook.keyPoints.filter((kp) => kp.pending === undefined);
}

export function pendingKeyPoints(playbook: Playbook): KeyPoint[] {
  return playbook.keyPoints.filter((kp) => kp.pending !== undefined);
}

export type ReviewDecision = 'approve' | 'reject';

export type ReviewOutcome =
  | { readonly ok: true; readonly playbook: Playbook; readonly keyPoint: KeyPoint }
  | { readonly ok: false; readonly problem: 'unknown' | 'not-pending' };

export function reviewKeyPoint(playbook: Playbook, name: string, decision: ReviewDecision, now: string): ReviewOutcome {
  const keyPoint = playbook.keyPoints.find((kp) => kp.name === name);
  if (keyPoint === undefined) return { ok: false, problem: 'unknown' };
  if (keyPoint.pending === undefined) return { ok: false, problem: 'not-pending' };
  if (decision === 'reject') return { ok: true, playbook: { ...playbook, keyPoints: playbook.keyPoints.filter((kp) => kp !== keyPoint) }, keyPoint };
  const { pending: _pending, ...rest } = keyPoint;
  const approved: KeyPoint = { ...rest, source: { ...(keyPoint.source ?? { by: 'learner', at: now }), approved: now } };
  return { ok: true, playbook: { ...playbook, keyPoints: playbook.keyPoints.map((kp) => (kp === keyPoint ? approved : kp)) }, keyPoint: approved };
}
