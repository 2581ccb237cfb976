/**
 * `memdex hook session-start` when hook-fast does not answer it: the prompt hooks alone,
 * bundled as CommonJS (dist/hook.cjs, scripts/build.mjs), so that the hook that injects the
 * playbook and starts the learning run loads neither the full CLI nor session-end
 * code. A session's first user-prompt-submit has a smaller bundle of its own
 * (first-prompt.ts, dist/hook-prompt.cjs). bin/memdex.cjs hands over the stdin hook-fast
 * already read.
 */
import { PROMPT_HOOKS } from '../app/prompt-hooks.js';
import { nodeHost } from '../node/node-host.js';
import { answerHook } from './answer-hook.js';

export function runPromptHook(event: string, handover: { readonly stdin?: string }): Promise<number> {
  return answerHook(nodeHost(handover), event, PROMPT_HOOKS);
}
