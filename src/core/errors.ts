import { OS_ERROR_DESCRIPTIONS, osMessages, WRITER_ONLY_CODES } from '../messages/host.js';

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

/**
 * An option the command does not have (`--fixx`). The CLI's failure report adds the
 * did-you-mean (cli/report-failure.ts): the fuzzy engine it takes stays out of the
 * per-call bundles that parse a command line and never meet this error.
 */
export class UnknownOptionError extends UsageError {
  constructor(
    message: string,
    /** As typed: `--fixx`, `-x`. */
    readonly given: string,
    /** The options the command has, without dashes. */
    readonly known: readonly string[],
    /** Words the did-you-mean replaces the message with: (suggestion, e.g. `--fix`) → full message. */
    readonly withSuggestion: (suggestion: string) => string,
  ) {
    super(message);
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

/**
 * The operating system refused a read or write (disk full, permission denied,
 * read-only file system...): not a bug in memdex. `nothingChanged` is set only by a
 * writer that verified it; the message then says so. `where` names the failed step.
 */
export class OsError extends MemdexError {
  constructor(
    readonly where: string,
    readonly code: string,
    readonly nothingChanged: boolean,
  ) {
    super(osMessages.failure(where, OS_ERROR_DESCRIPTIONS[code] ?? code, code, nothingChanged), 2);
    this.name = 'OsError';
  }

  /** The same failure after an earlier write of the same command landed. */
  afterChanges(): OsError {
    return new OsError(this.where, this.code, false);
  }
}

/**
 * The OsError for a Node system error whose code is the machine's doing (see
 * OS_ERROR_DESCRIPTIONS), else undefined. `where` names the write that failed (a
 * writer's guard); without it, the system call and path the error carries, and the
 * writer-only codes stay bugs.
 */
export function osErrorOf(error: unknown, nothingChanged: boolean, where?: string): OsError | undefined {
  if (error instanceof OsError) return error;
  const e = error as { code?: unknown; syscall?: unknown; path?: unknown } | null;
  if (typeof e !== 'object' || e === null || typeof e.code !== 'string' || !(e.code in OS_ERROR_DESCRIPTIONS)) return undefined;
  if (where === undefined && WRITER_ONLY_CODES.has(e.code)) return undefined;
  const call = osMessages.callFailed(typeof e.syscall === 'string' ? e.syscall : undefined, typeof e.path === 'string' ? e.path : undefined);
  return new OsError(where ?? call, e.code, nothingChanged);
}
