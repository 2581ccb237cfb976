import type { ResolveResult } from './resolve.js';

/** A trigger no entry matches: besides the fuzzy choices, its answer lists the entries about its words (suggest/related.ts). */
export function isTriggerMiss(result: ResolveResult): result is Extract<ResolveResult, { kind: 'not-found' }> {
  return result.kind === 'not-found' && result.mode === 'trigger';
}
