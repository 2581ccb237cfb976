/**
 * `memdex check` without yargs: pre-commit runs it on every commit, and yargs
 * costs more to load than the whole check of a real tree. `--help` is handed to
 * yargs, which owns the help text of every command.
 */
import { UsageError } from '../../core/errors.js';
import { checkCliMessages as m } from '../../messages/check-cli.js';
import { parseFastArgs } from '../parse-fast-args.js';
import { CHECK_FORMATS, runCheck, type CheckArgs } from './check-run.js';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    const { runYargs } = await import('../yargs-main.js');
    return runYargs(['check', '--help']);
  }
  return runCheck(parseCheckArgs(argv));
}

/** The options of `memdex check` (usage errors thrown); `--help` is handled by the caller. */
export function parseCheckArgs(argv: readonly string[]): CheckArgs {
  const { values, positionals } = parseFastArgs(
    argv,
    { root: { type: 'string' }, fix: { type: 'boolean' }, staged: { type: 'boolean' }, format: { type: 'string' }, quiet: { type: 'boolean' } },
    m.usageHint,
  );
  if (values.format !== undefined && !(CHECK_FORMATS as readonly string[]).includes(values.format)) {
    throw new UsageError(m.badFormat(values.format, CHECK_FORMATS));
  }
  return {
    files: positionals,
    ...(values.root !== undefined ? { root: values.root } : {}),
    fix: values.fix ?? false,
    staged: values.staged ?? false,
    ...(values.format !== undefined ? { format: values.format as CheckArgs['format'] } : {}),
    quiet: values.quiet ?? false,
  };
}
