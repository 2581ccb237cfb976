import { UsageError } from '../core/errors.js';
import { messages } from '../messages/cli.js';
import { specMessages } from '../messages/commands.js';
import { formatMainHelp } from './command-spec.js';
import { didYouMean } from './did-you-mean.js';
import { commands } from './registry.js';
import { version } from '../core/version.js';

/** `memdex`, `memdex --help`, `memdex --version`, and a command that does not exist. */
export function topLevel(argv: readonly string[]): number {
  const [first] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(formatMainHelp(commands.map((c) => c.spec), messages.epilogue));
    return 0;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const names = commands.map((c) => c.spec.name);
  throw new UsageError(specMessages.unknownCommand(first, didYouMean(first, names)));
}
