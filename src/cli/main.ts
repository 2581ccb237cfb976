/**
 * memdex entry point (bin/memdex.cjs calls `run`): finds the command in the registry
 * and loads only its module. Every command parses with its own option spec: the
 * per-call ones (check, when/how/resolve, hook) with node:util parseArgs, the others
 * and the top level with yargs (yargs-spec.ts), which also renders every --help;
 * so the per-call commands hooks run on every agent action never load yargs.
 */
import { commands, type Handover } from './registry.js';
import { reportFailure } from './report-failure.js';
import { helpOfArgs, printHelp } from './run-command.js';
import { escapeProcessOutput } from './escape-output.js';

export async function run(argv: readonly string[], handover: Handover = {}): Promise<number> {
  escapeProcessOutput(); // no heading's escape sequence reaches the terminal raw (core/terminal-text.ts)
  const [name, ...rest] = argv;
  try {
    const command = commands.find((c) => c.spec.name === name);
    const help = command && !command.ownHelp ? helpOfArgs(command.spec, rest) : undefined;
    if (help) return await printHelp(help);
    if (command) return await (await command.load()).main(rest, handover);
    const { topLevel } = await import('./top-level.js');
    return await topLevel(argv);
  } catch (error) {
    return reportFailure(error);
  }
}
