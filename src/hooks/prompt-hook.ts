/**
 * `memdex hook session-start` (and user-prompt-submit, when bin/memdex.cjs is not the
 * caller): the prompt hooks alone, bundled as CommonJS (dist/hook.cjs, scripts/build.mjs),
 * so that the hook that injects the playbook starts without the ES module loader and
 * carries no session-end code. A session's first user-prompt-submit has a smaller bundle
 * of its own (first-prompt.ts, dist/hook-prompt.cjs). bin/memdex.cjs hands over the stdin
 * hook-fast already read.
 */
import { PROMPT_HOOKS } from '../app/prompt-hooks.js';
import { nodeHost } from '../node/node-host.js';
import { answerHook } from './answer-hook.js';

export function runPromptHook(event: string, handover: { readonly stdin?: string }): Promise<number> {
  return answerHook(nodeHost(handover), event, PROMPT_HOOKS);
}
