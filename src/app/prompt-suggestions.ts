/**
 * The prompt hook's suggestions (`suggest.onPrompt` in memdex.config.json, off by
 * default): the entries a prompt is about, as pointers the agent can follow with
 * `memdex when|how`. The predecessor's topic hook was removed as "noisy, low
 * relevance", so this one speaks only when it is confident: entries whose score
 * clears the ranker's hookThreshold (calibrated for precision, src/suggest/rank.ts),
 * at most hookLimit of them, never an entry already pointed to in this session or
 * recalled in it (its transcript, session-shown.ts), and nothing for a slash command
 * (`/when x` is a command, not a task). Written as a fact, not an order (the client's
 * hook guidance). The index and the session are read by the full hook's
 * prompt-pointers.ts and the later prompts' later-prompt-pointers.ts.
 */
import type { Config } from '../model/config.js';
import { foldKey } from '../model/keys.js';
import { suggestMessages as m } from '../messages/suggest.js';
import type { SuggestIndex } from '../suggest/index-data.js';
import { DEFAULT_SUGGEST_PARAMS, type SuggestParams } from '../suggest/params.js';
import { rank } from '../suggest/rank.js';

export interface PromptPointers {
  /** The context to inject; '' when there is nothing to say. */
  readonly text: string;
  /** The labels it points to, to record once the text is delivered. */
  readonly labels: readonly string[];
}

export const NO_POINTERS: PromptPointers = { text: '', labels: [] };

/** Between the playbook's context and the pointers, when a prompt gets both. */
export const CONTEXT_SEPARATOR = '\n\n';

/** The hook's answer: the context for the client, or `{}` when there is none. */
export function contextOutput(hookEventName: string, context: string): object {
  return context === '' ? {} : { hookSpecificOutput: { hookEventName, additionalContext: context } };
}

/** Whether the config turns the prompt hook's suggestions on. */
export function suggestsOnPrompt(config: Config): boolean {
  return config.suggest?.onPrompt === true;
}

/** Whether this prompt gets pointers at all: the config asks for them, and the prompt is a task, not a slash command. */
export function wantsPointers(config: Config, prompt: string | undefined): prompt is string {
  return suggestsOnPrompt(config) && prompt !== undefined && prompt.trim() !== '' && !prompt.trimStart().startsWith('/');
}

/** The entries clearing the hook's threshold, best first, those in `shown` (labels or keys, compared folded) skipped, at most hookLimit. */
export function pointersFromIndex(data: SuggestIndex, prompt: string, shown: readonly string[], maxChars: number, params: SuggestParams = DEFAULT_SUGGEST_PARAMS): PromptPointers {
  const skip = new Set(shown.map(foldKey));
  const labels = rank(data, prompt, params, { threshold: params.hookThreshold })
    .map((s) => s.label)
    .filter((label) => !skip.has(foldKey(label)))
    .slice(0, params.hookLimit);
  if (labels.length === 0) return NO_POINTERS;
  const text = m.promptPointers(labels);
  return text.length <= maxChars ? { text, labels } : NO_POINTERS;
}
