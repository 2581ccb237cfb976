/**
 * The global through which code that changes V8's flags at run time (when/short-run.ts) tells
 * the loader of the per-call bundles first (node/load-bundle.ts: V8 stamps cached code with the
 * flags, so the loader produces what it still has to write under the old ones). A global, not
 * an import: the two live in separate bundles. The one name of it.
 */
export const BEFORE_V8_FLAGS = Symbol.for('memdex.beforeV8FlagsChange');

/** What is registered under BEFORE_V8_FLAGS: called with the flags about to be set. */
export type BeforeV8Flags = (flags: string) => void;
