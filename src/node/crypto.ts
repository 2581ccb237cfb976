import type * as Crypto from 'node:crypto';

/**
 * node:crypto, loaded on first use: loading it costs a few milliseconds that every
 * per-call command (the exact-hit `when`, the prompt hook) would pay, though only a
 * lock taken, a journal verified or a file hashed needs it.
 */
export function crypto(): typeof Crypto {
  return process.getBuiltinModule('node:crypto');
}
