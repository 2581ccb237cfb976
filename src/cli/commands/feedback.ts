import { recordFeedback } from '../../app/feedback.js';
import { feedbackSpec } from '../../messages/command-specs.js';
import { messages } from '../../messages/relevance.js';
import { nodeHost } from '../../node/node-host.js';
import { bool, positional, runYargsCommand, str, strings } from '../run-command.js';

/** `memdex feedback <id>` (the work: src/app/feedback.ts). */
export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(feedbackSpec, argv, (args) => {
    const root = str(args, 'root');
    const reason = str(args, 'reason');
    const { id, ratings, outcome } = recordFeedback(nodeHost(), {
      id: positional(args, 'id'),
      ...(root !== undefined ? { root } : {}),
      notApplicable: bool(args, 'not-applicable'),
      tags: strings(args, 'tag'),
      ...(reason !== undefined ? { reason } : {}),
    });
    if (str(args, 'format') === 'json') {
      const summary = { id, ratings: Object.fromEntries(ratings), pin: outcome.pin.action, pinned: outcome.item.pin.pinned, events: outcome.item.events };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
      return 0;
    }
    const lines = [messages.feedbackRecorded(id, [...ratings].map(([tag, r]) => `${tag} ${r}`).join(', '))];
    if (outcome.pin.action !== 'keep') lines.push(messages.pinNote(id, outcome.pin.action, outcome.pin.reason));
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  });
}
