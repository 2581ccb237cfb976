/** `memdex learn --catch-up` (the work: src/app/learn-worker.ts runLearning). */
import { catchUp } from '../../app/learn-worker.js';
import { learnSpec } from '../../messages/command-specs.js';
import { learnMessages } from '../../messages/learn.js';
import { nodeHost } from '../../node/node-host.js';
import { nodeTranscriptHost } from '../../node/transcript-host.js';
import { runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(learnSpec, argv, async (args) => {
    const lines: string[] = [];
    const run = await catchUp({ ...nodeHost(), ...nodeTranscriptHost() }, str(args, 'root'), (line) => lines.push(line));
    if (str(args, 'format') === 'json') process.stdout.write(`${JSON.stringify({ ...run, log: lines }, null, 2)}\n`);
    else process.stdout.write(`${[...lines, run.busy ? learnMessages.runnerBusy : learnMessages.caughtUp(run)].join('\n')}\n`);
    return run.extractFailed + run.evaluateFailed > 0 ? 1 : 0;
  });
}
