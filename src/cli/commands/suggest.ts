/**
 * `memdex suggest`: parse, rank (src/app/suggest.ts), print. A per-call command (an
 * agent or a skill runs it on a task's text): parseArgs, not yargs, and bin/memdex.cjs
 * runs it from its own CommonJS bundle (suggest-cjs.ts). Only the adapters it uses are
 * loaded: on an unchanged tree the ranker's index comes from the model cache.
 */
import { suggest } from '../../app/suggest.js';
import { suggestMessages as m } from '../../messages/suggest.js';
import { suggestSpec } from '../../messages/command-specs.js';
import { loadConfig } from '../../node/load-config.js';
import { resolveRoot } from '../../node/project-root.js';
import { readStdin } from '../../node/read-stdin.js';
import { loadSuggestIndex } from '../../node/suggest-cache.js';
import { workingTreeSource } from '../../node/working-tree.js';
import { writeStderr, writeStdout } from '../../node/write-output.js';
import type { Handover } from '../registry.js';
import { num, rest, runCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runCommand(suggestSpec, argv, async (args) => {
    const words = rest(args, 'text');
    const text = words.length === 1 && words[0] === '-' ? (handover.stdin ?? readStdin()) : words.join(' ');
    const root = str(args, 'root');
    const host = {
      resolveRoot: (explicit: string | undefined) => resolveRoot(explicit, process.cwd(), process.env),
      loadConfig: (dir: string) => loadConfig(dir),
      loadSuggestIndex: (dir: string, config: Parameters<typeof loadSuggestIndex>[1]) => loadSuggestIndex(dir, config, workingTreeSource(dir)),
    };
    const { suggestions, threshold } = await suggest(host, { text, limit: num(args, 'limit'), ...(root !== undefined ? { root } : {}) });
    if (str(args, 'format') === 'json') writeStdout(`${JSON.stringify(suggestions, null, 2)}\n`);
    else if (suggestions.length > 0) writeStdout(suggestions.map((s) => `${s.score.toFixed(3)}  ${s.label}\n`).join(''));
    if (suggestions.length === 0) writeStderr(`memdex: ${m.none(threshold)}\n`);
    return suggestions.length > 0 ? 0 : 1;
  });
}
