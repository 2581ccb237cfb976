import type { RelevanceParams } from './params.js';
import type { PinState } from './types.js';

export interface PinDecision {
  readonly action: 'pin' | 'unpin' | 'keep';
  readonly reason: string;
}

/**
 * Hysteresis: pin when the average rises strictly above `pinAbove`, unpin when
 * it falls strictly below `unpinBelow`, and between the two keep whatever the
 * state is, so an average wobbling around one threshold cannot flap. No
 * decision on fewer than `minPinEvents` events. A manual pin or unpin is never
 * overridden, and only an automatic pin is ever automatically removed.
 */
export function decidePin(state: PinState, avg: number, evidence: number, p: RelevanceParams): PinDecision {
  if (state.mode === 'manual') return { action: 'keep', reason: `pinned by hand (${state.pinned ? 'pinned' : 'unpinned'})` };
  if (evidence < p.minPinEvents) return { action: 'keep', reason: `${evidence} of ${p.minPinEvents} events` };
  if (!state.pinned && avg > p.pinAbove) return { action: 'pin', reason: `average ${round(avg)} > ${p.pinAbove}` };
  if (state.pinned && avg < p.unpinBelow) return { action: 'unpin', reason: `average ${round(avg)} < ${p.unpinBelow}` };
  return { action: 'keep', reason: `average ${round(avg)} inside the band [${p.unpinBelow}, ${p.pinAbove}] or already decided` };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
