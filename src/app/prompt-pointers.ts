/**
 * The prompt's pointers in the full hook (inject-playbook.ts; a later prompt's fast path has
 * its own, later-prompt-pointers.ts): the tree's ranker index, cached or built, ranked
 * against the prompt without what the session was already shown or recalled
 * (prompt-suggestions.ts), and recorded once delivered.
 *
 * A module of its own, imported only with `suggest.onPrompt` on (off by default): a session's
 * first prompt (dist/hook-prompt.cjs) then compiles none of the ranker's caches, the model or
 * the transcript reader (scripts/bundles.mjs requires dist/hook-prompt-pointers.cjs for it).
 */
import type { Config } from '../model/config.js';
import type { ModelCacheHost } from './model-cache.js';
import { NO_POINTERS, pointersFromIndex, wantsPointers, type PromptPointers } from './prompt-suggestions.js';
import { loadSuggestIndex } from './suggest-index.js';
import { shownToSession, type SessionShownHost } from './session-shown.js';

export { recordSuggested } from './session-shown.js';

/** What the pointers are read and recorded through (AgentHost and TreeHost methods). */
export type PromptSuggestionHost = ModelCacheHost & SessionShownHost;

/**
 * The pointers for a prompt, at most `maxChars` long (none when they do not fit), or
 * undefined when the host has no index to rank with.
 */
export async function promptPointers(
  host: PromptSuggestionHost,
  request: { readonly root: string; readonly config: Config; readonly prompt: string | undefined; readonly sessionId: string | undefined; readonly transcriptPath?: string; readonly maxChars: number },
): Promise<PromptPointers | undefined> {
  const { root, config, prompt, sessionId, maxChars } = request;
  if (!wantsPointers(config, prompt)) return NO_POINTERS;
  // Not cached (the tree changed): built from the model.
  const data = await loadSuggestIndex(host, root, config);
  if (data === undefined) return undefined;
  return pointersFromIndex(data, prompt, sessionId === undefined ? [] : shownToSession(host, root, sessionId, request.transcriptPath), maxChars);
}
