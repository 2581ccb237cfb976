import { recall, type RecallFormat, type RecallRequest } from '../../app/recall.js';
import { recallMessages as m } from '../../messages/recall.js';
import { recallSpec } from '../../messages/command-specs.js';
import { nodeTranscriptHost } from '../../node/transcript-host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import type { Handover } from '../../when/stages.js';
import { bool, runCommand, str } from '../run-command.js';

export function main(argv: readonly string[], handover: Handover = {}): Promise<number> {
  return runCommand(recallSpec, argv, async (args) => {
    const host = { ...nodeTreeHost(handover), ...nodeTranscriptHost() };
    // Options given, under the request's names (an absent option stays absent).
    const given = Object.entries({ root: 'root', projectsDir: 'projects-dir', since: 'since', until: 'until', sessions: 'sessions', before: 'before' })
      .filter(([, option]) => args.values[option] !== undefined)
      .map(([key, option]) => [key, args.values[option]]);
    const request = { ...Object.fromEntries(given), includeSubagents: bool(args, 'include-subagents'), format: str(args, 'format') as RecallFormat } as RecallRequest;
    const { report, text, learnerSessions } = await recall(host, request);
    const out = str(args, 'out');
    if (out === undefined) process.stdout.write(text);
    else {
      host.writeTextAtomic(host.resolvePath(host.cwd, out), text);
      process.stderr.write(`${m.written(out)}\n`);
    }
    for (const skipped of report.unreadable) process.stderr.write(`memdex: ${m.unreadable(skipped.path, skipped.reason)}\n`);
    if (learnerSessions > 0) process.stderr.write(`memdex: ${m.learnerSessionsLeftOut(learnerSessions)}\n`);
    return 0;
  });
}
