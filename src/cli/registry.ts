/**
 * The explicit list of commands, in `memdex --help` order. Each module exports
 * `main(argv) => Promise<exitCode>` and is loaded only when its command runs, so
 * a per-call command (check, when/how/resolve, hook) loads nothing it does not use, and a
 * `--help` loads none (run-command.ts, helpOfArgs) unless the command words its own.
 */
import type { CommandSpec, GroupSpec } from './command-spec.js';
import { checkSpec, hookSpec, howSpec, resolveSpec, whenSpec } from '../messages/commands.js';
import { addSpec, baselineSpec, compressKeySpec, doctorSpec, feedbackSpec, initSpec, learnSpec, uninstallSpec, lspSpec, mcpSpec, migrateGroup, playbookGroup, promoteSpec, recallSpec, relevanceGroup, rulesSpec, suggestSpec } from '../messages/command-specs.js';
import type { Handover } from '../when/stages.js';

export type { Handover } from '../when/stages.js';

export interface CommandModule {
  main(argv: readonly string[], handover: Handover): Promise<number>;
}

export interface Command {
  readonly spec: CommandSpec | GroupSpec;
  readonly load: () => Promise<CommandModule>;
  /** Its main words its own --help (not through runCommand, runYargsCommand or runGroup): loaded for it too. */
  readonly ownHelp?: true;
}

export const commands: readonly Command[] = [
  { spec: initSpec, load: () => import('./commands/init.js') },
  { spec: doctorSpec, load: () => import('./commands/doctor.js') },
  { spec: uninstallSpec, load: () => import('./commands/uninstall.js') },
  { spec: checkSpec, load: () => import('./commands/check.js') },
  { spec: baselineSpec, load: () => import('./commands/baseline.js') },
  { spec: rulesSpec, load: () => import('./commands/rules.js') },
  { spec: whenSpec, load: () => import('./commands/when.js'), ownHelp: true },
  { spec: howSpec, load: () => import('./commands/how.js'), ownHelp: true },
  { spec: resolveSpec, load: () => import('./commands/resolve.js'), ownHelp: true },
  { spec: suggestSpec, load: () => import('./commands/suggest.js') },
  { spec: recallSpec, load: () => import('./commands/recall.js') },
  { spec: compressKeySpec, load: () => import('./commands/compress-key.js') },
  { spec: addSpec, load: () => import('./commands/add.js') },
  { spec: promoteSpec, load: () => import('./commands/promote.js') },
  { spec: migrateGroup, load: () => import('./commands/migrate.js') },
  { spec: playbookGroup, load: () => import('./commands/playbook.js') },
  { spec: hookSpec, load: () => import('./commands/hook.js'), ownHelp: true },
  { spec: feedbackSpec, load: () => import('./commands/feedback.js') },
  { spec: relevanceGroup, load: () => import('./commands/relevance.js') },
  { spec: learnSpec, load: () => import('./commands/learn.js') },
  { spec: mcpSpec, load: () => import('./commands/mcp.js') },
  { spec: lspSpec, load: () => import('./commands/lsp.js') },
];
