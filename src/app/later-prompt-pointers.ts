/**
 * The prompt hook's pointers on a later prompt of a session (suggest.onPrompt on),
 * from the fast path (later-prompt.ts, dist/hook-fast.cjs): the config, the cached
 * ranker index (model cache) and what the session was pointed to or recalled;
 * the ranking and the text are prompt-suggestions.ts's, as in the full hook.
 * Undefined when the index is not cached (the tree changed): the full hook builds
 * it, answers and caches it for the next prompt.
 */
import type { Config } from '../model/config.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import type { AgentHost } from './host.js';
import { CLIENT_CONTEXT_LIMIT } from './hook-events.js';
import type { LoadedConfig } from './port-types.js';
import { contextOutput, pointersFromIndex, wantsPointers } from './prompt-suggestions.js';

export interface CachedPointerHost extends Pick<AgentHost, 'shownToSession' | 'recordSuggested'> {
  /** memdex.config.json as the fast path read it, parsed and checked. */
  configFromText(root: string, text: string): LoadedConfig;
  /** The ranker's index when cached for the tree as it is; null: no memory index; undefined: not cached. */
  cachedSuggestIndex(root: string, config: Config): SuggestIndexData | null | undefined;
}

/** `configText`: memdex.config.json as later-prompt.ts read it. */
export function cachedPromptPointers(host: CachedPointerHost, root: string, configText: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined {
  const { config } = host.configFromText(root, configText);
  if (!wantsPointers(config, prompt)) return {};
  const data = host.cachedSuggestIndex(root, config);
  if (data === undefined) return undefined;
  if (data === null) return {}; // no memory index
  const pointers = pointersFromIndex(data, prompt, host.shownToSession(root, sessionId, transcriptPath), CLIENT_CONTEXT_LIMIT - 1);
  host.recordSuggested(root, sessionId, pointers.labels);
  return contextOutput(hookEventName, pointers.text);
}
