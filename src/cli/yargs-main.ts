import yargs, { type CommandModule } from 'yargs';
import { UsageError } from '../core/errors.js';
import { messages } from '../messages/cli.js';
import { fastCommands } from './registry.js';
import { version } from './version.js';
import { migrateCommand } from './commands/migrate.js';
import { setExitCode, takeExitCode } from './exit-code.js';
import { command as check } from './commands/check.js';
import { command as rulesCommand } from './commands/rules.js';
import { command as compressKey } from './commands/compress-key.js';
import { command as playbook } from './commands/playbook.js';
import { command as feedbackCommand } from './commands/feedback.js';
import { command as relevanceCommand } from './commands/relevance.js';
import { command as suggestCommand } from './commands/suggest.js';

/** yargs commands, in `memdex --help` order. */
const commands: CommandModule[] = [
  check as unknown as CommandModule,
  rulesCommand as unknown as CommandModule,
  compressKey as unknown as CommandModule,
  suggestCommand as unknown as CommandModule,
  migrateCommand,
  playbook,
  feedbackCommand as unknown as CommandModule,
  relevanceCommand,
];

export async function runYargs(argv: readonly string[]): Promise<number> {
  const known = new Set([...commands.map(commandName), ...Object.keys(fastCommands)]);
  const first = argv.find((arg) => !arg.startsWith('-'));
  if (first !== undefined && !known.has(first)) {
    throw new UsageError(`Unknown command \`${first}\`. ${messages.usageHint}`);
  }
  const parser = yargs([...argv])
    .scriptName('memdex')
    .usage('$0 <command> [options]')
    .version(version)
    .help()
    .alias('h', 'help')
    .strict()
    .demandCommand(1, 'Give a command.')
    .recommendCommands()
    .epilogue(messages.epilogue)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, error) => {
      if (error) throw error;
      throw new UsageError(`${message}\n${messages.usageHint}`);
    });
  for (const command of commands) parser.command(command);
  const documented = new Set(commands.map(commandName));
  for (const [name, fast] of Object.entries(fastCommands)) {
    if (documented.has(name)) continue;
    parser.command({
      command: `${name} [args..]`,
      describe: fast.describe,
      handler: async (args) => {
        setExitCode(await (await fast.load()).main(argv.slice(1)));
        void args;
      },
    });
  }
  await parser.parseAsync();
  return takeExitCode();
}

function commandName(command: CommandModule): string {
  const spec = Array.isArray(command.command) ? command.command[0] : command.command;
  return String(spec ?? '').split(' ')[0] ?? '';
}
