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
 *
 * With `suggest.onPrompt` on, every UserPromptSubmit (the first and the later ones)
 * also gets pointers to the entries the prompt is about (prompt-pointers.ts),
 * after the playbook and within the same cap: the playbook's budget leaves room for
 * them. A failure there is logged and costs only the pointers.
 */
import { activeKeyPoints } from '../playbook/review.js';
import { toRelevanceItem } from '../relevance/key-points.js';
import { messages } from '../messages/hooks.js';
import { STORE_WORKER, type HookContext } from './hook-step.js';
import { CLIENT_CONTEXT_LIMIT } from './hook-events.js';
import { recordShown, renderInjection } from './injection.js';
import { CONTEXT_SEPARATOR, contextOutput, NO_POINTERS, suggestsOnPrompt, type PromptPointers } from './prompt-suggestions.js';
import { playbookFile, readPlaybook } from './playbook-file.js';
import { projectRelevanceParams, relevanceStorePath } from './relevance-store.js';
import { sessionRecordOrLegacy } from './session-records.js';

export async function handle(context: HookContext): Promise<object> {
  const { host, root, config, payload } = context;
  const pointers = await pointersFor(context);
  // Every prompt after the session's first: nothing to read, rank or write for the playbook.
  const sessionId = payload.sessionId;
  if (sessionId !== undefined && host.hasSessionMarker(root, sessionId)) return answer(context, '', pointers);
  if (sessionId !== undefined && payload.source === 'resume' && heldBefore(context, sessionId)) {
    host.claimSessionMarker(root, sessionId);
    return {};
  }
  const { playbook } = readPlaybook(host, playbookFile(host, root, config));
  const request = {
    root,
    config,
    now: host.now(),
    ...(payload.cwd !== undefined ? { cwd: payload.cwd } : {}),
    ...(payload.transcriptPath !== undefined ? { transcriptPath: payload.transcriptPath } : {}),
    keyPoints: activeKeyPoints(playbook).map(toRelevanceItem),
    reserveChars: pointers.text === '' ? 0 : pointers.text.length + CONTEXT_SEPARATOR.length,
  };
  const outcome = renderInjection(host, request);
  for (const warning of outcome.warnings) context.log(messages.relevanceWarning(warning));
  if (outcome.storeNeedsCompaction === true) startStoreWorker(context);
  if (outcome.context === '') return answer(context, '', pointers); // no playbook; a later prompt of this session may still get it
  if (outcome.context.length + request.reserveChars >= CLIENT_CONTEXT_LIMIT) {
    context.log(messages.contextTooLong(outcome.context.length + request.reserveChars, CLIENT_CONTEXT_LIMIT));
    return answer(context, '', pointers);
  }
  // Claimed only now: a failure above leaves the session unmarked, so the next prompt retries.
  if (sessionId !== undefined && !host.claimSessionMarker(root, sessionId)) return answer(context, '', pointers);
  if (sessionId !== undefined) {
    const warning = recordShown(host, request, sessionId, outcome);
    if (warning !== undefined) context.log(messages.relevanceWarning(warning));
  }
  return answer(context, outcome.context, pointers);
}

/**
 * The store holds an earlier version's sessions (or is over the injection's cap): the
 * move to their own files (store-worker.ts) runs detached, so this prompt pays a spawn
 * once and every later one reads a store of scores only. A failure costs a log line.
 */
function startStoreWorker(context: HookContext): void {
  try {
    context.host.startHookWorker(context.root, [STORE_WORKER, context.root]);
  } catch (error) {
    context.log(`${messages.steps.store}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The prompt's pointers, with how to record them once delivered. */
type Pointers = PromptPointers & { readonly record?: (sessionId: string) => void };

/** The prompt's pointers (none unless suggest.onPrompt is on and this is a prompt); a failure is logged. */
async function pointersFor(context: HookContext): Promise<Pointers> {
  const { host, root, config, payload } = context;
  if (context.event !== 'user-prompt-submit' || !suggestsOnPrompt(config)) return NO_POINTERS;
  try {
    const { promptPointers, recordSuggested } = await import('./prompt-pointers.js');
    const request = { root, config, prompt: payload.prompt, sessionId: payload.sessionId, transcriptPath: payload.transcriptPath, maxChars: CLIENT_CONTEXT_LIMIT - 1 };
    const pointers = (await promptPointers(host, request)) ?? NO_POINTERS;
    return { ...pointers, record: (sessionId) => recordSuggested(host, root, sessionId, pointers.labels) };
  } catch (error) {
    context.log(messages.suggestFailed(error instanceof Error ? error.message : String(error)));
    return NO_POINTERS;
  }
}

/** The playbook's context and the pointers, recorded as shown to the session once they are answered. */
function answer(context: HookContext, playbook: string, pointers: Pointers): object {
  const { payload } = context;
  if (pointers.labels.length > 0 && payload.sessionId !== undefined) pointers.record?.(payload.sessionId);
  return contextOutput(context.hookEventName, [playbook, pointers.text].filter((text) => text !== '').join(CONTEXT_SEPARATOR));
}

/** Whether the session's audit record lists shown ids: its earlier context held a block, which a resume replays. */
function heldBefore(context: HookContext, sessionId: string): boolean {
  const { host, root, config } = context;
  const record = sessionRecordOrLegacy(host, root, relevanceStorePath(host, root, config), projectRelevanceParams(config), sessionId);
  return (record?.shown.length ?? 0) > 0;
}
