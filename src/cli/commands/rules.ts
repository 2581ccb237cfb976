import type { CommandModule } from 'yargs';
import { allRules } from '../../rules/registry.js';
import { setExitCode } from '../exit-code.js';

export const command: CommandModule<object, { format?: string }> = {
  command: 'rules',
  describe: 'List the rules of `memdex check` with their default severity',
  builder: (y) => y.option('format', { choices: ['text', 'json'], default: 'text' }),
  handler: (args) => {
    if (args.format === 'json') {
      process.stdout.write(`${JSON.stringify(allRules.map((r) => r.meta), null, 2)}\n`);
    } else {
      const width = Math.max(...allRules.map((r) => r.meta.id.length));
      for (const { meta } of allRules) {
        process.stdout.write(`${meta.id.padEnd(width)}  ${meta.severity.padEnd(7)}  ${meta.fixable ? 'fixable' : '       '}  ${meta.description}\n`);
      }
      process.stdout.write('\nSeverities are set in memdex.config.json: { "rules": { "<id>": "error" | "warning" | "off" } }\n');
    }
    setExitCode(0);
  },
};
