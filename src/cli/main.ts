/**
 * memdex entry point (bin/memdex.cjs calls `run`): finds the command in the registry
 * and loads only its module. No argument parser library is loaded: every command
 * parses with its own option spec (command-spec.ts), which also prints its --help,
 * so the per-call commands hooks run on every agent action pay for nothing else.
 */
import { commands, type Handover } from './registry.js';
import { reportFailure } from './report-failure.js';

export async function run(argv: readonly string[], handover: Handover = {}): Promise<number> {
  const [name, ...rest] = argv;
  try {
    const command = commands.find((c) => c.spec.name === name);
    if (command) return await (await command.load()).main(rest, handover);
    const { topLevel } = await import('./top-level.js');
    return topLevel(argv);
  } catch (error) {
    return reportFailure(error);
  }
}
