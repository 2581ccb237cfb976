/**
 * `memdex hook user-prompt-submit|session-start` on the first prompt of a session
 * (later ones are answered by dist/hook-fast.cjs): the prompt hooks alone, bundled
 * as CommonJS (dist/hook.cjs, scripts/build.mjs), so that the prompt that injects
 * the playbook starts without the ES module loader and carries no session-end code.
 * bin/memdex.cjs hands over the stdin hook-fast already read.
 */
import type { Host } from '../app/host.js';
import { runHook, type HookHandlers } from '../app/hook.js';
import { PROMPT_HOOKS } from '../app/prompt-hooks.js';
import { nodeHost } from '../node/node-host.js';

export function runPromptHook(event: string, handover: { readonly stdin?: string }): Promise<number> {
  return answerHook(nodeHost(handover), event, PROMPT_HOOKS);
}

/** Runs the hook use case and prints its one JSON line (straight to the descriptor: no stream is built); exit 0 always. */
export async function answerHook(host: Host, event: string, handlers: HookHandlers): Promise<number> {
  host.writeStdout(`${JSON.stringify(await runHook(host, event, handlers))}\n`);
  return 0;
}
