/**
 * user-prompt-submit / session-start: inject the formatted playbook as
 * additionalContext, once per session. Runs on every prompt: it reads the playbook
 * without the lock and loads no yargs, remark or child_process.
 */
import { loadTemplate, playbookFile, readPlaybook } from '../node/playbook-file.js';
import { claimSessionMarker } from '../node/session-markers.js';
import { renderPlaybook } from '../playbook/render-playbook.js';
import type { HookContext } from './hook-step.js';

export async function handle(context: HookContext): Promise<object> {
  const { playbook } = readPlaybook(playbookFile(context.root, context.config));
  const text = renderPlaybook(playbook, loadTemplate(context.root, context.config));
  if (text === '') return {}; // nothing to inject; a later prompt of this session may still get it
  // Claimed only now: a failure above leaves the session unmarked, so the next prompt retries.
  const sessionId = context.payload.sessionId;
  if (sessionId !== undefined && !claimSessionMarker(context.root, sessionId)) return {};
  return { hookSpecificOutput: { hookEventName: context.hookEventName, additionalContext: text } };
}
