/**
 * user-prompt-submit / session-start: inject the playbook as additionalContext,
 * once per session (the text is injection.ts's, the one `memdex playbook show`
 * prints). Runs on every prompt: it reads without the lock and loads no remark
 * or child_process.
 *
 * What the model holds, per SessionStart `source` (docs/playbook.md, "Resume,
 * compaction, clear and fork"):
 * - startup, clear, fork: a new context (clear and fork bring a new session id):
 *   the first hook of the session injects and claims the session's marker.
 * - resume: the client replays the context the session's hooks gave earlier
 *   (measured, client 2.1.330), so a session whose audit record lists shown ids
 *   already holds a block: injecting again would give the model a second copy,
 *   with other counters. The marker is claimed without injecting. A resumed
 *   session that never got a block gets one as on startup.
 * - compact: pre-compact released the marker (the summary does not keep the
 *   block), so the block is injected again, once.
 *
 * Order (nothing is claimed for output the client would not accept): render,
 * check the length against the client's limit, then claim the marker, then record
 * the shown ids, then answer.
 */
import { toRelevanceItem } from '../relevance/key-points.js';
import { messages } from '../messages/hooks.js';
import type { HookContext } from './hook-step.js';
import { CLIENT_CONTEXT_LIMIT, recordShown, renderInjection } from './injection.js';

export async function handle(context: HookContext): Promise<object> {
  const { host, root, config, payload } = context;
  // Every prompt after the session's first: nothing to read, rank or write.
  const sessionId = payload.sessionId;
  if (sessionId !== undefined && host.hasSessionMarker(root, sessionId)) return {};
  if (sessionId !== undefined && payload.source === 'resume' && heldBefore(context, sessionId)) {
    host.claimSessionMarker(root, sessionId);
    return {};
  }
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
  if (outcome.context.length >= CLIENT_CONTEXT_LIMIT) {
    context.log(messages.contextTooLong(outcome.context.length, CLIENT_CONTEXT_LIMIT));
    return {};
  }
  // Claimed only now: a failure above leaves the session unmarked, so the next prompt retries.
  if (sessionId !== undefined && !host.claimSessionMarker(root, sessionId)) return {};
  if (sessionId !== undefined) {
    const warning = recordShown(host, request, sessionId, outcome);
    if (warning !== undefined) context.log(messages.relevanceWarning(warning));
  }
  return { hookSpecificOutput: { hookEventName: context.hookEventName, additionalContext: outcome.context } };
}

/** Whether the session's audit record lists shown ids: its earlier context held a block, which a resume replays. */
function heldBefore(context: HookContext, sessionId: string): boolean {
  const { host, root, config } = context;
  const store = host.readRelevance(host.relevanceStorePath(root, config), host.relevanceParams(config));
  return (store.state.sessions[sessionId]?.shown.length ?? 0) > 0;
}
