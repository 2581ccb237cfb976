/** What `memdex add` and the MCP tool `remember` say when a memory was added (or would be): one sentence for both. */
import type { AddOutcome } from '../app/add.js';
import { addMessages as m } from '../messages/add.js';

/** `under`: the name of the choice of heading where it was made (`--under`, the MCP tool's `under`). */
export function addDone(outcome: Extract<AddOutcome, { kind: 'added' }>, under: string): string {
  const { plan } = outcome;
  const where = m.placed(plan.parent, plan.placement, under);
  return outcome.diff !== undefined
    ? outcome.diff + m.dryRun(plan.changes.size, plan.heading, plan.file, where)
    : m.added(plan.entry, outcome.index, plan.entryLine, plan.heading, plan.file, plan.headingLine, plan.created, where);
}
