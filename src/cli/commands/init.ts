import { runInit } from '../../app/init.js';
import type { SourceKind } from '../../app/memdex-command.js';
import { initSpec } from '../../messages/command-specs.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(initSpec, argv, (args) => {
    const root = str(args, 'root');
    const memdex = str(args, 'memdex') as SourceKind | undefined;
    const report = runInit(
      { ...nodeTreeHost(), ...nodeSetupHost() },
      { ...(root !== undefined ? { root } : {}), dryRun: bool(args, 'dry-run'), claude: !bool(args, 'no-claude'), git: !bool(args, 'no-git'), ci: !bool(args, 'no-ci'), ...(memdex !== undefined ? { memdex } : {}) },
    );
    for (const problem of report.problems) process.stderr.write(`${problem}\n`);
    process.stdout.write(`${report.lines.join('\n')}\n`);
    return report.exitCode;
  });
}
