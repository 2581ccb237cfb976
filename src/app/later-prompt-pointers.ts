/**
 * The prompt hook's pointers on a later prompt of a session (suggest.onPrompt on),
 * from the fast path (later-prompt.ts, dist/hook-fast.cjs): the config, the cached
 * ranker index (model cache) and what the session was pointed to or recalled;
 * the ranking and the text are prompt-suggestions.ts's, as in the full hook.
 * Undefined when the index is not cached (the tree changed): the full hook builds
 * it, answers and caches it for the next prompt.
 */
import { CONFIG_FILE, type Config } from '../model/config.js';
import type { TreeHost } from './host.js';
import { CLIENT_CONTEXT_LIMIT } from './hook-events.js';
import { configFromText } from './load-config.js';
import { contextOutput, pointersFromIndex, wantsPointers } from './prompt-suggestions.js';
import { cachedSuggestIndex, type CachedSuggestIndexHost } from './suggest-index.js';
import { recordSuggested, shownToSession, type SessionShownHost } from './session-shown.js';

export type CachedPointerHost = SessionShownHost & Pick<TreeHost, 'joinPath'> & CachedSuggestIndexHost;

/** `configText`: memdex.config.json as later-prompt.ts read it. */
export function cachedPromptPointers(host: CachedPointerHost, root: string, configText: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined {
  const { config } = configFromText(root, host.joinPath(root, CONFIG_FILE), configText);
  if (!wantsPointers(config, prompt)) return {};
  const { data } = cachedSuggestIndex(host, root, config); // null: no memory index; undefined: not cached
  if (data === undefined) return undefined;
  if (data === null) return {}; // no memory index
  const pointers = pointersFromIndex(data, prompt, shownToSession(host, root, sessionId, transcriptPath), CLIENT_CONTEXT_LIMIT - 1);
  recordSuggested(host, root, sessionId, pointers.labels);
  return contextOutput(hookEventName, pointers.text);
}
