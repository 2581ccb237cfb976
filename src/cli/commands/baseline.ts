import { runBaseline } from '../../app/baseline.js';
import { baselineSpec } from '../../messages/command-specs.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(baselineSpec, argv, async (args) => {
    const root = str(args, 'root');
    const report = await runBaseline({ ...nodeTreeHost(), ...nodeSetupHost() }, { ...(root !== undefined ? { root } : {}), prune: bool(args, 'prune'), dryRun: bool(args, 'dry-run') });
    process.stdout.write(`${report.lines.join('\n')}\n`);
    return 0;
  });
}
