/**
 * The prompt hook's pointers on a later prompt of a session (suggest.onPrompt on),
 * from the fast path (prompt-fast.ts, dist/hook-fast.cjs): the config, the cached
 * ranker index (model cache, cache-files.ts) and the session's list of entries
 * already pointed to; the ranking and the text are prompt-suggestions.ts's, as in
 * the full hook. Undefined when the index is not cached (the tree changed): the full
 * hook builds it, answers and caches it for the next prompt.
 */
import { CLIENT_CONTEXT_LIMIT } from '../app/injection.js';
import { contextOutput, pointersFromIndex, wantsPointers } from '../app/prompt-suggestions.js';
import { configFromText } from './load-config.js';
import { recordSuggested, shownToSession } from './session-suggested.js';
import { cachedSuggestIndex } from './suggest-cache.js';
import { workingTreeSource } from './working-tree.js';

/** `configText`: memdex.config.json as prompt-fast.ts read it. */
export function promptPointersFast(root: string, configText: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined {
  const { config } = configFromText(root, configText);
  if (!wantsPointers(config, prompt)) return {};
  const { data } = cachedSuggestIndex(root, config, workingTreeSource(root));
  if (data === undefined) return undefined;
  if (data === null) return {}; // no memory index
  const pointers = pointersFromIndex(data, prompt, shownToSession(root, sessionId, transcriptPath), CLIENT_CONTEXT_LIMIT - 1);
  recordSuggested(root, sessionId, pointers.labels);
  return contextOutput(hookEventName, pointers.text);
}
