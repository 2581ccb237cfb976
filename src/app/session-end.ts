/**
 * session-end and pre-compact: a list of independent steps (hook-step.ts), all
 * quick: the client gives every SessionEnd hook together 1.5 s (60 s at most) and
 * cancels what runs longer. What must hold when the client returns comes first
 * (the audit record that queues the session, the marker released); the slow
 * extractor last, handed to a background worker (extract-playbook.ts).
 */
import { messages } from '../messages/hooks.js';
import { startExtraction } from './extract-playbook.js';
import { relevanceAuditStep } from './session-audit.js';
import { runSteps, type HookContext, type HookStep } from './hook-step.js';

/**
 * The session's injection marker goes: after session-end it is useless (a resume
 * decides from the audit record, inject-playbook.ts), and after pre-compact the
 * compacted context has lost the playbook, so the session-start hook of the
 * compaction (or the next prompt) injects it again. Markers of sessions that never
 * ended are swept by age.
 */
export const forgetSession: HookStep = {
  name: messages.steps.marker,
  run(context) {
    if (context.payload.sessionId !== undefined) context.host.clearSessionMarker(context.root, context.payload.sessionId);
    if (context.event === 'session-end') context.host.pruneSessionMarkers(context.root);
  },
};

export const SESSION_END_STEPS: readonly HookStep[] = [relevanceAuditStep, forgetSession, startExtraction];
export const PRE_COMPACT_STEPS: readonly HookStep[] = [forgetSession, startExtraction];

export async function handle(context: HookContext): Promise<object> {
  await runSteps(context.event === 'pre-compact' ? PRE_COMPACT_STEPS : SESSION_END_STEPS, context);
  return {};
}
