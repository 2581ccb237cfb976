/**
 * session-start: the playbook injection (inject-playbook.ts, shared with
 * user-prompt-submit), then the start of the background learning run for work
 * earlier sessions queued (learn-worker.ts). The second never delays or changes the
 * first: it runs after the answer is decided, fails open on its own (one hook-log
 * line), and only starts a detached process.
 */
import { messages } from '../messages/hooks.js';
import type { HookContext } from './hook-step.js';
import { handle as inject } from './inject-playbook.js';

export async function handle(context: HookContext): Promise<object> {
  const output = await inject(context);
  try {
    // Loaded only here: the first-prompt bundle (dist/hook.cjs) carries the learning run's code, not its start-up cost.
    (await import('./learn-worker.js')).startLearning(context);
  } catch (error) {
    context.log(`${messages.steps.learning}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return output;
}
