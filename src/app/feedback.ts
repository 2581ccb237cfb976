/** `memdex feedback <id>`: one explicit rating event, at the feedback weight (src/relevance/feedback.ts). */
import { UsageError } from '../core/errors.js';
import { applyFeedback, feedbackRatings } from '../relevance/feedback.js';
import type { Host } from './host.js';
import { detectEnvironment } from './detect-environment.js';
import { knownItem } from './known-item.js';
import { updateRelevance, relevanceContext } from './relevance-store.js';

export interface FeedbackRequest {
  readonly id: string;
  readonly root?: string;
  readonly notApplicable: boolean;
  readonly tags: readonly string[];
  readonly reason?: string;
}

export function recordFeedback(host: Host, request: FeedbackRequest) {
  const ctx = relevanceContext(host, request.root);
  const id = knownItem(host, ctx, request.id);
  const ratings = feedbackRatings(
    { tagFlags: request.tags, notApplicable: request.notApplicable, environmentTags: request.notApplicable ? detectEnvironment(host, ctx.root).tags : [] },
    ctx.params,
  );
  if (!ratings.ok) throw new UsageError(ratings.problems.join('\n'));
  const outcome = updateRelevance(host, 
    ctx.storePath,
    (state) => {
      const result = applyFeedback(state, id, ratings.ratings, host.now(), request.reason, ctx.params);
      return { state: result.state, result: result.outcome };
    },
    { params: ctx.params },
  );
  return { id, ratings: ratings.ratings, outcome };
}
