/**
 * The explicit list of commands. Fast commands are dispatched without yargs;
 * each exports `main(argv) => Promise<exitCode>`. yargs commands each export
 * `command: CommandModule` and are listed in yargs-main.ts.
 */
export interface FastCommand {
  readonly describe: string;
  /** `handoff`: what the recall fast path already did (resolve commands only). */
  readonly load: () => Promise<{ main(argv: readonly string[], handoff?: unknown): Promise<number> }>;
}

export const fastCommands: Record<string, FastCommand> = {
  check: { describe: 'Validate the memory index, decision files and playbook', load: () => import('./commands/check-fast.js') },
  when: { describe: 'Recall a /when entry: trigger, .Heading or ..file.md (- reads stdin)', load: () => import('./commands/when.js') },
  how: { describe: 'Recall a /how entry: trigger, .Heading or ..file.md (- reads stdin)', load: () => import('./commands/how.js') },
  resolve: { describe: 'Recall any query (operator in the query): trigger, .Heading or ..file.md', load: () => import('./commands/resolve.js') },
  hook: {
    describe: 'Claude Code hook entry point: memdex hook <user-prompt-submit|session-start|session-end|pre-compact>',
    load: () => import('./commands/hook.js'),
  },
};
