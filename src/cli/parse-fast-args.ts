import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../core/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs for the fast commands (no yargs): strict, positionals allowed, errors as usage errors. */
export function parseFastArgs<T extends Options>(argv: readonly string[], options: T, usage: string) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
}
