import { compressKeys } from '../../app/compress-key.js';
import { compressKeySpec } from '../../messages/command-specs.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { bool, rest, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(compressKeySpec, argv, async (args) => {
    const all = bool(args, 'all');
    const root = str(args, 'root');
    const { rows, failures } = await compressKeys(nodeTreeHost(), { heading: rest(args, 'heading').join(' ').trim(), all, ...(root !== undefined ? { root } : {}) });
    for (const failure of failures) process.stderr.write(`memdex: ${failure}\n`);
    if (str(args, 'format') === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else {
      const lines = rows.map((r) => (all ? `${r.file}:${r.line}\t${r.entry}\t${r.proposedHeading}` : `${r.entry}\n${r.proposedHeading}`));
      if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
    }
    return failures.length > 0 ? 1 : 0;
  });
}
