import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.js';

/** All of stdin as UTF-8. Called only when the user asked for it (`-`), so it never waits unasked. */
export function readStdin(): string {
  // Read once per process: the fast recall path may hand over to the full CLI after reading it.
  const shared = globalThis as { __memdexStdin?: string };
  if (shared.__memdexStdin !== undefined) return shared.__memdexStdin;
  try {
    return (shared.__memdexStdin = readFileSync(0, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EOF') return '';
    throw new InputError(`cannot read stdin (${code ?? String(error)})`);
  }
}
