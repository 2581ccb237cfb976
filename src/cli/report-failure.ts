import { MemdexError } from '../core/errors.js';
import { messages } from '../messages/cli.js';

/** Expected failures print their message; anything else is a bug: exit 2, stack only with MEMDEX_DEBUG=1. */
export function reportFailure(error: unknown): number {
  if (error instanceof MemdexError) {
    process.stderr.write(`memdex: ${error.message}\n`);
    return error.exitCode;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  process.stderr.write(messages.internalError(err.message));
  if (process.env.MEMDEX_DEBUG === '1' && err.stack) process.stderr.write(`${err.stack}\n`);
  return 2;
}
