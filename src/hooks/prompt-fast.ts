/**
 * The prompt hooks' fastest path, bundled alone as CommonJS (dist/hook-fast.cjs):
 * every prompt after a session's first (src/app/later-prompt.ts), without the ES
 * module loader and the full CLI. Anything it cannot answer returns what it read
 * from stdin, and bin/memdex.cjs hands it to the prompt hook (prompt-hook.ts,
 * dist/hook.cjs), which decides (and logs).
 */
import { answerLaterPrompt } from '../app/later-prompt.js';
import { nodeLaterPromptHost } from '../node/prompt-host.js';

export function tryPromptHook(event: string): { readonly answered: true } | { readonly answered: false; readonly stdin: string } {
  let stdin = '';
  try {
    const machine = nodeLaterPromptHost();
    stdin = machine.stdin(); // read even when not answered here: the full hook is handed it
    const answer = answerLaterPrompt(
      {
        ...machine,
        cachedPointers: (...args) => (require('./prompt-pointers-fast.js') as typeof import('./prompt-pointers-fast.js')).cachedPointers(...args),
      },
      event,
    );
    if (answer === undefined) return { answered: false, stdin };
    machine.writeStdout(`${JSON.stringify(answer)}\n`);
    return { answered: true };
  } catch {
    return { answered: false, stdin }; // the full hook redoes it and logs any failure
  }
}
