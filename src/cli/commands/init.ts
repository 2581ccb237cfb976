import { adoptTree } from '../../app/baseline.js';
import { runInit } from '../../app/init.js';
import type { SourceKind } from '../../app/memdex-command.js';
import { initSpec } from '../../messages/command-specs.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(initSpec, argv, async (args) => {
    const host = { ...nodeTreeHost(), ...nodeSetupHost() };
    const root = str(args, 'root');
    const memdex = str(args, 'memdex') as SourceKind | undefined;
    const report = runInit(
      host,
      { ...(root !== undefined ? { root } : {}), dryRun: bool(args, 'dry-run'), claude: !bool(args, 'no-claude'), git: !bool(args, 'no-git'), ci: !bool(args, 'no-ci'), update: bool(args, 'update'), ...(memdex !== undefined ? { memdex } : {}) },
    );
    for (const problem of report.problems) process.stderr.write(`${problem}\n`);
    // A tree adopted as it is: its errors said (before the next step), recorded with --baseline.
    const adopted = report.adopted !== undefined && !bool(args, 'dry-run') ? await adoptTree(host, report.adopted, bool(args, 'baseline')) : [];
    const lines = adopted.length > 0 ? [...report.lines.slice(0, -1), ...adopted, ...report.lines.slice(-1)] : report.lines;
    process.stdout.write(`${lines.join('\n')}\n`);
    return report.exitCode;
  });
}
