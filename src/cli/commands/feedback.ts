import type { CommandModule } from 'yargs';
import { MemdexError, UsageError } from '../../core/errors.js';
import { messages } from '../../messages/relevance.js';
import { detectEnvironment } from '../../node/detect-environment.js';
import { readPlaybookKeyPoints } from '../../node/read-playbook-key-points.js';
import { updateRelevance } from '../../node/relevance-store.js';
import { applyFeedback, feedbackRatings } from '../../relevance/feedback.js';
import { itemIdProblem } from '../../relevance/validate.js';
import { setExitCode } from '../exit-code.js';
import { nowIso } from '../../node/clock.js';
import { relevanceContext } from '../relevance-context.js';
import { rootMessages } from '../../messages/root.js';

interface FeedbackArgs {
  readonly id: string;
  readonly 'not-applicable'?: boolean;
  readonly tag?: readonly string[];
  readonly reason?: string;
  readonly root?: string;
  readonly format: 'text' | 'json';
}

/** `memdex feedback <id>`: one explicit rating event, at the feedback weight (src/relevance/feedback.ts). */
export const command: CommandModule<object, FeedbackArgs> = {
  command: 'feedback <id>',
  describe: 'Record explicit feedback on a key point for this environment (weighted above the evaluator)',
  builder: (yargs) =>
    yargs
      .positional('id', { type: 'string', demandOption: true, describe: 'Stable id of the key point, e.g. kpt_001' })
      .option('not-applicable', { type: 'boolean', describe: 'It does not apply here: rates every environment tag not named by --tag' })
      .option('tag', { type: 'string', array: true, describe: 'tag=score, score in [-1, 1]; repeatable' })
      .option('reason', { type: 'string', describe: 'Why; kept with the item (memdex relevance show)' })
      .option('root', { type: 'string', describe: rootMessages.option })
      .option('format', { choices: ['text', 'json'] as const, default: 'text' as const })
      .example('$0 feedback kpt_007 --not-applicable --reason "React advice in a CLI tool"', '')
      .example('$0 feedback kpt_007 --tag typescript=0.8 --tag react=-1', ''),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    const idProblem = itemIdProblem(args.id);
    if (idProblem !== undefined) throw new UsageError(idProblem);
    // Only known key points: a typo must not create a row nobody will ever see.
    const playbook = readPlaybookKeyPoints(ctx.root, ctx.config);
    if (!playbook.exists) throw new MemdexError(messages.noPlaybook(ctx.config.playbook.path), 1);
    if (playbook.problem === undefined && !playbook.keyPoints.some((kp) => kp.id === args.id)) {
      throw new MemdexError(messages.unknownItem(args.id, ctx.config.playbook.path), 1);
    }
    const notApplicable = args['not-applicable'] === true;
    const ratings = feedbackRatings(
      { tagFlags: args.tag ?? [], notApplicable, environmentTags: notApplicable ? detectEnvironment(ctx.root).tags : [] },
      ctx.params,
    );
    if (!ratings.ok) throw new UsageError(ratings.problems.join('\n'));
    const reason = args.reason;
    const outcome = updateRelevance(
      ctx.storePath,
      (state) => {
        const result = applyFeedback(state, args.id, ratings.ratings, nowIso(), reason, ctx.params);
        return { state: result.state, result: result.outcome };
      },
      { params: ctx.params },
    );
    if (args.format === 'json') {
      const summary = { id: args.id, ratings: Object.fromEntries(ratings.ratings), pin: outcome.pin.action, pinned: outcome.item.pin.pinned, events: outcome.item.events };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } else {
      process.stdout.write(`${messages.feedbackRecorded(args.id, [...ratings.ratings].map(([tag, r]) => `${tag} ${r}`).join(', '))}\n`);
      if (outcome.pin.action !== 'keep') process.stdout.write(`${messages.pinNote(args.id, outcome.pin.action, outcome.pin.reason)}\n`);
    }
    setExitCode(0);
  },
};
