/**
 * `memdex suggest` bundled alone as CommonJS (dist/suggest.cjs), like `check`
 * (check-cjs.ts): an agent or a skill runs it per task, and the ES module loader's
 * start-up would cost more than ranking from the cached index. --help goes to the
 * full CLI (bin/memdex.cjs), where yargs renders it.
 */
import { main } from './commands/suggest.js';
import { reportFailure } from './report-failure.js';

export async function runSuggestCommand(argv: readonly string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    return reportFailure(error);
  }
}
