import { suggest } from '../../app/suggest.js';
import { suggestMessages as m } from '../../messages/suggest.js';
import { suggestSpec } from '../../messages/command-specs.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import type { Handover } from '../registry.js';
import { num, rest, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runYargsCommand(suggestSpec, argv, async (args) => {
    const host = nodeTreeHost(handover);
    const words = rest(args, 'text');
    const text = words.length === 1 && words[0] === '-' ? host.stdin() : words.join(' ');
    const root = str(args, 'root');
    const { suggestions, threshold } = await suggest(host, { text, limit: num(args, 'limit'), ...(root !== undefined ? { root } : {}) });
    if (str(args, 'format') === 'json') process.stdout.write(`${JSON.stringify(suggestions, null, 2)}\n`);
    else if (suggestions.length > 0) process.stdout.write(suggestions.map((s) => `${s.score.toFixed(3)}  ${s.label}\n`).join(''));
    if (suggestions.length === 0) process.stderr.write(`memdex: ${m.none(threshold)}\n`);
    return suggestions.length > 0 ? 0 : 1;
  });
}
