import { MemdexError, osErrorOf, UnknownOptionError } from '../core/errors.js';
import { escapeControls } from '../core/terminal-text.js';
import { closestName } from '../fuzzy/did-you-mean.js';
import { messages } from '../messages/cli.js';

/**
 * Expected failures print their message (an unknown option with the did-you-mean, found here); so does an operating-system error (disk full,
 * permission denied...: the machine's doing, not a bug). Anything else is a bug: exit 2,
 * stack only with MEMDEX_DEBUG=1.
 */
export function reportFailure(raw: unknown): number {
  const error = osErrorOf(raw, false) ?? raw;
  if (error instanceof UnknownOptionError) {
    const suggestion = error.given.startsWith('--') ? closestName(error.given.slice(2), error.known) : undefined;
    process.stderr.write(escapeControls(`memdex: ${suggestion !== undefined ? error.withSuggestion(`--${suggestion}`) : error.message}\n`));
    return error.exitCode;
  }
  if (error instanceof MemdexError) {
    process.stderr.write(escapeControls(`memdex: ${error.message}\n`));
    return error.exitCode;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  process.stderr.write(escapeControls(messages.internalError(err.message)));
  if (process.env.MEMDEX_DEBUG === '1' && err.stack) process.stderr.write(`${err.stack}\n`);
  return 2;
}
