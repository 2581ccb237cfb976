import type { Host } from '../app/host.js';
import { runHook, type HookHandlers } from '../app/hook.js';

/** Runs the hook use case and prints its one JSON line (straight to the descriptor: no stream is built); exit 0 always. */
export async function answerHook(host: Host, event: string, handlers: HookHandlers): Promise<number> {
  host.writeStdout(`${JSON.stringify(await runHook(host, event, handlers))}\n`);
  return 0;
}
