import { runInit } from '../../app/init.js';
import type { SourceKind } from '../../app/memdex-command.js';
import { initSpec } from '../../messages/command-specs.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, runYargsCommand, str, strings } from '../run-command.js';
import { AGENT_NAMES, parseAgents, type AgentName } from '../../app/agents/agents.js';
import { UsageError } from '../../core/errors.js';
import { agentMessages } from '../../messages/agents.js';
import { specMessages } from '../../messages/commands.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(initSpec, argv, async (args) => {
    const host = { ...nodeTreeHost(), ...nodeSetupHost() };
    const root = str(args, 'root');
    const memdex = str(args, 'memdex') as SourceKind | undefined;
    const agents = agentsOption(strings(args, 'agent'), bool(args, 'no-claude'));
    const report = await runInit(
      host,
      {
        ...(root !== undefined ? { root } : {}),
        dryRun: bool(args, 'dry-run'),
        claude: agents ? agents.includes('claude') : !bool(args, 'no-claude'),
        git: !bool(args, 'no-git'),
        ci: !bool(args, 'no-ci'),
        update: bool(args, 'update'),
        ...(memdex !== undefined ? { memdex } : {}),
        ...(agents ? { agents } : {}),
      },
    );
    for (const problem of report.problems) process.stderr.write(`${problem}\n`);
    // A tree adopted as it is: its errors said (before the next step), recorded with --baseline. The check it runs is
    // loaded for it alone: a new setup (most runs) does not compile the rule engine and the parser.
    const adopted = report.adopted !== undefined && !bool(args, 'dry-run') ? await (await import('../../app/baseline.js')).adoptTree(host, report.adopted, bool(args, 'baseline')) : [];
    const lines = adopted.length > 0 ? [...report.lines.slice(0, -1), ...adopted, ...report.lines.slice(-1)] : report.lines;
    process.stdout.write(`${lines.join('\n')}\n`);
    return report.exitCode;
  });
}

/** `--agent codex,gemini` (or repeated): the names, undefined when not given; a name memdex does not know is a usage error. */
function agentsOption(values: readonly string[], noClaude: boolean): readonly AgentName[] | undefined {
  if (values.length === 0) return undefined;
  const parsed = parseAgents(values);
  const hint = specMessages.helpHint('init');
  if ('unknown' in parsed) throw new UsageError(`${agentMessages.badAgent(parsed.unknown, AGENT_NAMES)}\n${hint}`);
  if (noClaude && parsed.agents.includes('claude')) throw new UsageError(`${agentMessages.noClaudeConflict}\n${hint}`);
  return parsed.agents;
}
