import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { hostMessages } from '../messages/host.js';

/**
 * All of stdin as UTF-8. Called only when the user asked for it (`-`), so it never
 * waits unasked. Read once: the recall fast path hands what it read to the full CLI.
 */
export function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EOF') return '';
    throw new InputError(hostMessages.stdinUnreadable(code ?? String(error)));
  }
}
