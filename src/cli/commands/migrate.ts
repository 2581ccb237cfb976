/** `memdex migrate plan | apply <mapping> | recover` (the work: src/app/migrate.ts). */
import { applyMigration, planMigrationFile, recoverMigration } from '../../app/migrate.js';
import type { Recovery } from '../../app/host.js';
import { migrateGroup } from '../../messages/command-specs.js';
import { migrateMessages as msg } from '../../messages/migrate.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, positional, runGroup, str } from '../run-command.js';

const root = (args: Parameters<typeof str>[0]) => {
  const value = str(args, 'root');
  return value !== undefined ? { root: value } : {};
};

function reportRecovery(recovery: Recovery | undefined): void {
  if (recovery) process.stderr.write(msg.recovered(recovery.outcome, recovery.files));
}

export function main(argv: readonly string[]): Promise<number> {
  return runGroup(migrateGroup, argv, {
    plan: async (args) => {
      const out = str(args, 'out');
      const outcome = await planMigrationFile(nodeTreeHost(), { ...root(args), ...(out !== undefined ? { out } : {}), all: bool(args, 'all') });
      reportRecovery(outcome.recovery);
      // Said on stderr with --out=-, so a pipe receives no half-empty mapping.
      if (outcome.nothingToDo) (out === '-' ? process.stderr : process.stdout).write(msg.planNothingToDo(outcome.nothingToDo.migrated));
      if (outcome.printed !== undefined) process.stdout.write(outcome.printed);
      if (outcome.written) process.stdout.write(msg.planWritten(outcome.written.path, outcome.written.rows));
      return 0;
    },
    apply: async (args) => {
      const preamble = str(args, 'preamble');
      const { recovery, outcome } = await applyMigration(nodeTreeHost(), {
        ...root(args),
        mapping: positional(args, 'mapping'),
        ...(preamble !== undefined ? { preamble } : {}),
        dryRun: bool(args, 'dry-run'),
        force: bool(args, 'force'),
      });
      reportRecovery(recovery);
      if (outcome.kind === 'done') {
        process.stdout.write(outcome.text);
        return 0;
      }
      process.stderr.write(`${[...outcome.problems, `memdex: ${outcome.headline}`].join('\n')}\n`);
      return 1;
    },
    recover: (args) => {
      const recovery = recoverMigration(nodeTreeHost(), str(args, 'root'));
      process.stdout.write(recovery ? msg.recovered(recovery.outcome, recovery.files) : msg.noJournal);
      return 0;
    },
  });
}
