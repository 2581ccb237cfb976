import type * as V8 from 'node:v8';
import { BEFORE_V8_FLAGS, type BeforeV8Flags } from '../core/v8-flags.js';

/**
 * V8 tiers for a process that answers one query and exits.
 *
 * A one-typo `memdex when` runs the fuzzy matcher over every trigger once. That
 * loop is hot enough for V8 to queue an optimizing (TurboFan) compile of it on a
 * background thread, and a process waits for its background compiles before it
 * exits: 10–20 ms of a ~120 ms call, spent on code that never runs again.
 * Capping the tiers at Maglev (`--max-opt=2`, V8 ≥ 10.x, so every Node ≥ 20) keeps
 * the fast baseline tiers and drops that wait. Measured on the 378-entry tree,
 * 31 runs interleaved with `node -e 0`: one typo 1.61× → 1.38×; exact hits never
 * reach the matcher and do not load node:v8.
 *
 * Only for a single query: a batch (`memdex when -` with 1,000 queries) runs the
 * loop long enough for the optimized code to pay off.
 */
export const SHORT_RUN_V8_FLAGS = '--max-opt=2';

export function settleForShortRun(): void {
  // V8's code cache is stamped with the flags: the loader produces what it still has to write first (node/load-bundle.ts, V8's flags).
  (globalThis as { [BEFORE_V8_FLAGS]?: BeforeV8Flags })[BEFORE_V8_FLAGS]?.(SHORT_RUN_V8_FLAGS);
  (process.getBuiltinModule('node:v8') as typeof V8).setFlagsFromString(SHORT_RUN_V8_FLAGS);
}
