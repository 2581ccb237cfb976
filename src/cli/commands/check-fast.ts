/**
 * `memdex check` without yargs: pre-commit runs it on every commit, and yargs
 * costs more to load than the whole check of a real tree. `--help` is handed to
 * yargs, which owns the help text of every command.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../../core/errors.js';
import { CHECK_FORMATS, runCheck, type CheckArgs } from './check-run.js';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    const { runYargs } = await import('../yargs-main.js');
    return runYargs(['check', '--help']);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string' },
        fix: { type: 'boolean' },
        staged: { type: 'boolean' },
        format: { type: 'string' },
        quiet: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun \`memdex check --help\` for usage.`);
  }
  const { values, positionals } = parsed;
  if (values.format !== undefined && !(CHECK_FORMATS as readonly string[]).includes(values.format)) {
    throw new UsageError(`Invalid --format ${values.format}; expected one of ${CHECK_FORMATS.join(', ')}`);
  }
  const args: CheckArgs = {
    files: positionals,
    ...(values.root !== undefined ? { root: values.root } : {}),
    fix: values.fix ?? false,
    staged: values.staged ?? false,
    ...(values.format !== undefined ? { format: values.format as CheckArgs['format'] } : {}),
    quiet: values.quiet ?? false,
  };
  return runCheck(args);
}
