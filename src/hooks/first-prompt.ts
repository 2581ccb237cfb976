/**
 * `memdex hook user-prompt-submit` on the first prompt of a session (later ones are
 * answered by dist/hook-fast.cjs): the injection alone, bundled as CommonJS
 * (dist/hook-prompt.cjs, scripts/bundles.mjs) with the host's core members
 * (node/first-prompt-host.ts): no learning, transcript, git or cache code to compile.
 * bin/memdex.cjs hands over the stdin hook-fast already read.
 */
import { USER_PROMPT_HOOK } from '../app/user-prompt-hook.js';
import { nodeFirstPromptHost } from '../node/first-prompt-host.js';
import { answerHook } from './answer-hook.js';

export function runFirstPrompt(handover: { readonly stdin?: string }): Promise<number> {
  return answerHook(nodeFirstPromptHost(handover), 'user-prompt-submit', { 'user-prompt-submit': USER_PROMPT_HOOK });
}
