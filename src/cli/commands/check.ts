import type { CommandModule } from 'yargs';
import { setExitCode } from '../exit-code.js';
import { CHECK_FORMATS, runCheck, type CheckArgs } from './check-run.js';
import { rootMessages } from '../../messages/root.js';

/** The yargs face of `memdex check`: its help text (the fast path in check-fast.ts does the parsing). */
export const command: CommandModule<object, CheckArgs> = {
  command: 'check [files..]',
  describe: 'Validate the memory index, decision files and playbook',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, describe: 'Files whose memory trees to check (as pre-commit passes them; deleted ones included)' })
      .option('root', { type: 'string', describe: rootMessages.option })
      .option('fix', { type: 'boolean', default: false, describe: 'Fix what can be fixed (entry placement, order, structural entries), then check again' })
      .option('staged', { type: 'boolean', default: false, describe: 'Check the files as staged in git (what the commit will contain)' })
      .option('format', { choices: CHECK_FORMATS, describe: 'Output format (default: github under GITHUB_ACTIONS=true, else stylish)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'Report errors only' })
      .example('$0 check', 'check the tree containing the cwd')
      .example('$0 check --fix', 'move and sort index entries, then check')
      .example('$0 check --staged agents/memory-index.md', 'what lint-staged runs before a commit'),
  handler: async (args) => setExitCode(await runCheck(args)),
};

