/**
 * Whether a hook process works on its event: the one decision the full hook
 * (hook.ts) and the later prompts' fast path (later-prompt.ts) both make, in this
 * order. MEMDEX_HOOKS=0 turns every hook off (the evaluator's own process); an
 * event memdex does not answer, or a payload that is not one, is an error (the full
 * hook logs it); a hook wired under another event than the one the client runs
 * does nothing, since the client rejects output naming another event.
 */
import { messages } from '../messages/hooks.js';
import type { Env } from './host.js';
import { parseHookPayload, type HookPayload } from './hook-payload.js';

export type HookGate =
  | { readonly kind: 'run'; readonly payload: HookPayload }
  | { readonly kind: 'off' }
  | { readonly kind: 'wrong-event'; readonly payload: HookPayload; readonly running: string };

/** `hookEventName`: the client's name of the event the subcommand `event` answers; undefined when memdex answers none (an error). */
export function gateHook(env: Env, stdin: string, event: string, hookEventName: string | undefined): HookGate {
  if (env.MEMDEX_HOOKS === '0') return { kind: 'off' };
  if (hookEventName === undefined) throw new Error(messages.unknownEvent(event));
  const parsed = parseHookPayload(stdin);
  if (!parsed.ok) throw new Error(parsed.message);
  const running = parsed.payload.hookEventName;
  if (running !== undefined && running !== hookEventName) return { kind: 'wrong-event', payload: parsed.payload, running };
  return { kind: 'run', payload: parsed.payload };
}
