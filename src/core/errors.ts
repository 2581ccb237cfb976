/**
 * Expected failures that end a command. They carry a user-facing message (no stack
 * trace is ever shown for them) and the exit code the CLI must use.
 * Anything else thrown is a bug: the CLI reports it as an internal error (exit 2).
 */
export class MemdexError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'MemdexError';
  }
}

/** Wrong flags or arguments: exit 2. */
export class UsageError extends MemdexError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** A file that cannot be read or parsed: exit 2, message names the file (and line when known). */
export class InputError extends MemdexError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'InputError';
  }
}
