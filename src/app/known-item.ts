import { MemdexError, UsageError } from '../core/errors.js';
import { messages } from '../messages/relevance.js';
import { itemIdProblem } from '../relevance/validate.js';
import type { Host } from './host.js';
import type { RelevanceContext } from './relevance-store.js';
import { readPlaybookKeyPoints } from './playbook-key-points.js';

/**
 * The one rule for every command that writes about a key point (feedback, pin,
 * unpin, auto): a well-formed id (else usage error, 2) of a key point the
 * playbook has (else a refusal, 1: a typo must not create a row nobody will ever
 * see). A playbook memdex cannot read is an input error (2), as everywhere.
 */
export function knownItem(host: Host, ctx: RelevanceContext, id: string): string {
  const problem = itemIdProblem(id);
  if (problem !== undefined) throw new UsageError(problem);
  const playbook = readPlaybookKeyPoints(host, ctx.root, ctx.config);
  if (!playbook.exists) throw new MemdexError(messages.noPlaybook(ctx.config.playbook.path), 1);
  if (playbook.problem !== undefined) throw new MemdexError(playbook.problem, 2);
  if (!playbook.keyPoints.some((kp) => kp.id === id)) throw new MemdexError(messages.unknownItem(id, ctx.config.playbook.path), 1);
  return id;
}
