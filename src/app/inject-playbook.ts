/**
 * user-prompt-submit / session-start: inject the playbook as additionalContext,
 * once per session (the text is injection.ts's, the one `memdex playbook show`
 * prints). Runs on every prompt: it reads without the lock and loads no remark
 * or child_process.
 */
import { toRelevanceItem } from '../relevance/key-points.js';
import { messages } from '../messages/hooks.js';
import type { HookContext } from './hook-step.js';
import { recordShown, renderInjection } from './injection.js';

export async function handle(context: HookContext): Promise<object> {
  const { host, root, config, payload } = context;
  // Every prompt after the session's first: nothing to read, rank or write.
  const sessionId = payload.sessionId;
  if (sessionId !== undefined && host.hasSessionMarker(root, sessionId)) return {};
  const { playbook } = host.readPlaybook(host.playbookFile(root, config));
  const request = {
    root,
    config,
    now: host.now(),
    ...(payload.cwd !== undefined ? { cwd: payload.cwd } : {}),
    ...(payload.transcriptPath !== undefined ? { transcriptPath: payload.transcriptPath } : {}),
    keyPoints: playbook.keyPoints.map(toRelevanceItem),
  };
  const outcome = renderInjection(host, request);
  for (const warning of outcome.warnings) context.log(messages.relevanceWarning(warning));
  if (outcome.context === '') return {}; // nothing to inject; a later prompt of this session may still get it
  // Claimed only now: a failure above leaves the session unmarked, so the next prompt retries.
  if (sessionId !== undefined && !host.claimSessionMarker(root, sessionId)) return {};
  if (sessionId !== undefined) {
    const warning = recordShown(host, request, sessionId, outcome);
    if (warning !== undefined) context.log(messages.relevanceWarning(warning));
  }
  return { hookSpecificOutput: { hookEventName: context.hookEventName, additionalContext: outcome.context } };
}
