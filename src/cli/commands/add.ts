/** `memdex add when|how <trigger> --file <decision>.md …` (the work: src/app/add.ts). */
import { addMemory } from '../../app/add.js';
import { addMessages as m } from '../../messages/add.js';
import { addSpec } from '../../messages/command-specs.js';
import { migrateMessages } from '../../messages/migrate.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import type { Handover } from '../../when/stages.js';
import { bool, positional, rest, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runYargsCommand(addSpec, argv, async (args) => {
    const optional = (name: string) => {
      const value = str(args, name);
      return value !== undefined ? { [name]: value } : {};
    };
    const { recovery, outcome } = await addMemory(nodeTreeHost(handover), {
      operator: positional(args, 'kind'),
      trigger: rest(args, 'trigger').join(' '),
      file: str(args, 'file')!,
      ...optional('extras'),
      ...optional('under'),
      ...optional('body'),
      ...optional('root'),
      dryRun: bool(args, 'dry-run'),
    });
    if (recovery) process.stderr.write(migrateMessages.recovered(recovery.outcome, recovery.files));
    for (const warning of outcome.warnings) process.stderr.write(`memdex: ${warning}\n`);
    if (outcome.kind === 'refused') {
      process.stderr.write(`${[...outcome.problems, `memdex: ${m.refused(outcome.problems.length)}`].join('\n')}\n`);
      return 1;
    }
    const { plan } = outcome;
    if (outcome.diff !== undefined) process.stdout.write(outcome.diff + m.dryRun(plan.changes.size));
    else process.stdout.write(m.added(plan.entry, outcome.index, plan.entryLine, plan.heading, plan.file, plan.headingLine, plan.created));
    return 0;
  });
}
