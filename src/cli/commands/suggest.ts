/**
 * `memdex suggest`: parse, rank (src/app/suggest.ts), print. A per-call command (an
 * agent or a skill runs it on a task's text): parseArgs, not yargs, and bin/memdex.cjs
 * runs it from its own CommonJS bundle (suggest-cjs.ts) with only the adapters it
 * uses: on an unchanged tree the ranker's index comes from the model cache.
 */
import { suggest } from '../../app/suggest.js';
import { suggestMessages as m } from '../../messages/suggest.js';
import { suggestSpec } from '../../messages/command-specs.js';
import { nodeSuggestHost } from '../../node/suggest-host.js';
import type { Handover } from '../../when/stages.js';
import { num, rest, runCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runCommand(suggestSpec, argv, async (args) => {
    const host = nodeSuggestHost(handover);
    const words = rest(args, 'text');
    const text = words.length === 1 && words[0] === '-' ? host.stdin() : words.join(' ');
    const root = str(args, 'root');
    const { suggestions, threshold } = await suggest(host, { text, limit: num(args, 'limit'), ...(root !== undefined ? { root } : {}) });
    if (str(args, 'format') === 'json') host.writeStdout(`${JSON.stringify(suggestions, null, 2)}\n`);
    else if (suggestions.length > 0) host.writeStdout(suggestions.map((s) => `${s.score.toFixed(3)}  ${s.label}\n`).join(''));
    if (suggestions.length === 0) host.writeStderr(`memdex: ${m.none(threshold)}\n`);
    return suggestions.length > 0 ? 0 : 1;
  });
}
