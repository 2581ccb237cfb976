/**
 * `memdex check` bundled alone as CommonJS (dist/check.cjs), like the recall fast
 * path: pre-commit runs it on every commit, and on a real tree the ES module
 * loader (resolving, reading and linking a dozen chunks and the builtins' facades)
 * cost more than the check itself. The same command module as the full CLI
 * (commands/check.ts: the option spec, --help, the use case in app/check.ts).
 */
import { main } from './commands/check.js';
import { reportFailure } from './report-failure.js';

export async function runCheckCommand(argv: readonly string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    return reportFailure(error);
  }
}
