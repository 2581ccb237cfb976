import { NEW_ITEM, type RelevanceState } from './types.js';

/**
 * `pin` / `unpin` put the item under manual control: no score will change its
 * pin state again. `auto` hands it back to the hysteresis rule, keeping the
 * current state (a pinned item becomes an automatic pin, which a low enough
 * average can remove).
 */
export type ManualPinAction = 'pin' | 'unpin' | 'auto';

export function setPinByHand(state: RelevanceState, id: string, action: ManualPinAction): RelevanceState {
  const item = state.items[id] ?? NEW_ITEM;
  const pin = action === 'auto' ? { pinned: item.pin.pinned, mode: 'auto' as const } : { pinned: action === 'pin', mode: 'manual' as const };
  return { ...state, items: { ...state.items, [id]: { ...item, pin } } };
}
