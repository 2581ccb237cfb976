import { runUninstall } from '../../app/uninstall.js';
import { uninstallSpec } from '../../messages/command-specs.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(uninstallSpec, argv, async (args) => {
    const root = str(args, 'root');
    const report = await runUninstall({ ...nodeTreeHost(), ...nodeSetupHost() }, { ...(root !== undefined ? { root } : {}), dryRun: bool(args, 'dry-run'), keepMemory: bool(args, 'keep-memory') });
    for (const problem of report.problems) process.stderr.write(`${problem}\n`);
    process.stdout.write(`${report.lines.join('\n')}\n`);
    return report.exitCode;
  });
}
