/**
 * `memdex check` bundled alone as CommonJS (dist/check.cjs), like the recall fast
 * path: pre-commit runs it on every commit, and on a real tree the ES module
 * loader (resolving, reading and linking a dozen chunks and the builtins' facades)
 * cost more than the check itself. remark stays a separate bundle, loaded only for
 * a document the fast scanner declines; `--help` goes to the full CLI (yargs).
 */
import { parseCheckArgs } from './commands/check-fast.js';
import { runCheck } from './commands/check-run.js';
import { reportFailure } from './report-failure.js';

export async function runCheckCommand(argv: readonly string[]): Promise<number> {
  try {
    return await runCheck(parseCheckArgs(argv));
  } catch (error) {
    return reportFailure(error);
  }
}
