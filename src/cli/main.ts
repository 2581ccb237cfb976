/**
 * memdex entry point. Commands that hooks call on every agent action (`when`, `how`,
 * `resolve`, `hook`) are dispatched here, before yargs is loaded: yargs costs
 * ~60-90 ms per process on this class of machine. Every other command goes through
 * yargs (src/cli/yargs-main.ts), loaded lazily.
 */
import { fastCommands } from './registry.js';
import { reportFailure } from './report-failure.js';

/**
 * Runs the command line; bin/memdex.cjs calls it, with what the recall fast path
 * already did when it could not answer (`handoff`, see resolve-command.ts).
 */
export async function run(argv: readonly string[], handoff?: unknown): Promise<void> {
  process.exitCode = await main(argv, handoff);
}

async function main(argv: readonly string[], handoff: unknown): Promise<number> {
  const [name, ...rest] = argv;
  try {
    const fast = name !== undefined ? fastCommands[name as keyof typeof fastCommands] : undefined;
    if (fast) return await (await fast.load()).main(rest, handoff);
    const { runYargs } = await import('./yargs-main.js');
    return await runYargs(argv);
  } catch (error) {
    return reportFailure(error);
  }
}
