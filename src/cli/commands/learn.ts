/** `memdex learn --catch-up` and `memdex learn approve` (the work: src/app/learn-worker.ts runLearning, approveLearning). */
import { UsageError } from '../../core/errors.js';
import { approveLearning, catchUp } from '../../app/learn-worker.js';
import { approvalMessages } from '../../messages/approval.js';
import { learnSpec } from '../../messages/command-specs.js';
import { learnMessages } from '../../messages/learn.js';
import { nodeHost } from '../../node/node-host.js';
import { nodeTranscriptHost } from '../../node/transcript-host.js';
import { bool, positional, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(learnSpec, argv, async (args) => {
    const action = positional(args, 'action');
    if (action === 'approve') {
      const result = approveLearning(nodeHost(), str(args, 'root'));
      if (str(args, 'format') === 'json') process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else process.stdout.write(`${approvalMessages.approved(result.file, result.approved)}\n`);
      return 0;
    }
    if (action !== undefined || !bool(args, 'catch-up')) throw new UsageError(learnMessages.learnUsage(action));
    const lines: string[] = [];
    const run = await catchUp({ ...nodeHost(), ...nodeTranscriptHost() }, str(args, 'root'), (line) => lines.push(line));
    if (str(args, 'format') === 'json') process.stdout.write(`${JSON.stringify({ ...run, log: lines }, null, 2)}\n`);
    else process.stdout.write(`${[...lines, run.busy ? learnMessages.runnerBusy : learnMessages.caughtUp(run)].join('\n')}\n`);
    return run.extractFailed + run.evaluateFailed > 0 ? 1 : 0;
  });
}
