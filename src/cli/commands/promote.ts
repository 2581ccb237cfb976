/** `memdex promote <entry> [--to <fragment>] [--dry-run]` (the work: src/app/promote.ts). */
import { promoteMemory } from '../../app/promote.js';
import { promoteMessages as m } from '../../messages/promote.js';
import { promoteSpec } from '../../messages/command-specs.js';
import { migrateMessages } from '../../messages/migrate.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import type { Handover } from '../../when/stages.js';
import { bool, rest, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runYargsCommand(promoteSpec, argv, async (args) => {
    const to = str(args, 'to');
    const root = str(args, 'root');
    const { recovery, outcome } = await promoteMemory(nodeTreeHost(handover), {
      entry: rest(args, 'entry').join(' '),
      ...(to !== undefined ? { to } : {}),
      ...(root !== undefined ? { root } : {}),
      dryRun: bool(args, 'dry-run'),
    });
    if (recovery) process.stderr.write(migrateMessages.recovered(recovery.outcome, recovery.files));
    if (outcome.kind === 'refused') {
      process.stderr.write(`${[...outcome.problems, `memdex: ${m.refused(outcome.problems.length)}`].join('\n')}\n`);
      return 1;
    }
    const { plan } = outcome;
    if (outcome.diff !== undefined) process.stdout.write(outcome.diff + m.dryRun(plan.changes.size));
    else process.stdout.write(m.promoted(plan.label, plan.heading.text, plan.heading.path, plan.fragment));
    return 0;
  });
}
