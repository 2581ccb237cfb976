import { messages } from '../messages/cli.js';
import { closestName } from '../fuzzy/did-you-mean.js';
import { commands } from './registry.js';
import { version } from '../core/version.js';
import { mainHelp, parseTopLevel } from './yargs-spec.js';

/** `memdex`, `memdex --help`, `memdex --version`, and a command that does not exist (parsed by yargs). */
export async function topLevel(argv: readonly string[]): Promise<number> {
  const listed = commands.map((c) => c.spec);
  const names = listed.map((c) => c.name);
  if (parseTopLevel(listed, argv, (name) => closestName(name, names)) === 'version') process.stdout.write(`${version}\n`);
  else process.stdout.write(await mainHelp(listed, messages.epilogue));
  return 0;
}
