/**
 * session-end and pre-compact: a list of independent steps (hook-step.ts). Other
 * features add their own step to these lists (e.g. a session audit record).
 */
import { messages } from '../messages/hooks.js';
import { extractPlaybook } from './extract-playbook.js';
import { relevanceAuditStep } from './session-audit.js';
import { runSteps, type HookContext, type HookStep } from './hook-step.js';

/**
 * The session's injection marker goes: after session-end it is useless, and after
 * pre-compact the compacted context may have lost the playbook, so the next prompt
 * injects it again. Markers of sessions that never ended are swept by age.
 */
export const forgetSession: HookStep = {
  name: messages.steps.marker,
  run(context) {
    if (context.payload.sessionId !== undefined) context.host.clearSessionMarker(context.root, context.payload.sessionId);
    if (context.event === 'session-end') context.host.pruneSessionMarkers(context.root);
  },
};

export const SESSION_END_STEPS: readonly HookStep[] = [extractPlaybook, relevanceAuditStep, forgetSession];
export const PRE_COMPACT_STEPS: readonly HookStep[] = [extractPlaybook, forgetSession];

export async function handle(context: HookContext): Promise<object> {
  await runSteps(context.event === 'pre-compact' ? PRE_COMPACT_STEPS : SESSION_END_STEPS, context);
  return {};
}
