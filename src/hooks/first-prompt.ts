/**
 * `memdex hook user-prompt-submit` on the first prompt of a session (later ones are
 * answered by dist/hook-fast.cjs): the injection alone, bundled as CommonJS
 * (dist/hook-prompt.cjs, scripts/bundles.mjs) with the host's core members
 * (node/first-prompt-host.ts): no learning, transcript, git or cache code to compile.
 * bin/memdex.cjs hands over the stdin hook-fast already read.
 */
import * as injectPlaybook from '../app/inject-playbook.js';
import type { EventHandler } from '../app/hook.js';
import { HOOK_EVENT_NAME } from '../app/hook-events.js';
import { nodeFirstPromptHost } from '../node/first-prompt-host.js';
import { answerHook } from './answer-hook.js';

/**
 * The handler imported statically: this bundle is there to run it. Through USER_PROMPT_HOOK's
 * import() esbuild wrapped each of its 72 modules in a function of its own (__esm), run on first
 * use: 186 → 167 kB with the journal's message (messages/journal.ts), ~4 ms less CPU for the
 * pointers' first prompt (41 interleaved runs, load 8; bench/RESULTS.md, branch `firstprompt`).
 */
const FIRST_PROMPT_HOOK: EventHandler = { hookEventName: HOOK_EVENT_NAME['user-prompt-submit']!, load: () => Promise.resolve(injectPlaybook) };

export function runFirstPrompt(handover: { readonly stdin?: string }): Promise<number> {
  return answerHook(nodeFirstPromptHost(handover), 'user-prompt-submit', { 'user-prompt-submit': FIRST_PROMPT_HOOK });
}
