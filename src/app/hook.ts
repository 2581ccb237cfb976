/**
 * `memdex hook <event>`: Claude Code hook JSON in, hook JSON out. Fails open,
 * always: whatever goes wrong, the output is `{}` and one line goes to the hook
 * log (.claude/memdex-hooks.log). A hook must never block or break the agent (exit
 * 2 would block the prompt). MEMDEX_HOOKS=0 turns every hook off.
 *
 * The payload's `hook_event_name` must be the subcommand's event: Claude Code
 * rejects output naming another event, so a hook wired under the wrong one
 * answers `{}` and claims or records nothing (one log line says how to fix it).
 * Every later prompt of a session is usually answered before this runs, by
 * later-prompt.ts (src/hooks/prompt-fast.ts, dist/hook-fast.cjs; the same gate,
 * hook-gate.ts); the first one runs this with the prompt hooks alone, from
 * dist/hook.cjs (src/hooks/prompt-hook.ts).
 */
import { loadConfig } from './load-config.js';
import { messages } from '../messages/hooks.js';
import type { Host, TreeHost } from './host.js';
import { gateHook } from './hook-gate.js';
import type { HookContext } from './hook-step.js';
import { recoverJournal } from './journal.js';

export interface EventHandler {
  /** The name Claude Code uses, echoed in hookSpecificOutput.hookEventName. */
  readonly hookEventName: string;
  readonly load: () => Promise<{ handle(context: HookContext): Promise<object> }>;
}

/** The events a hook process can run: HOOK_EVENTS (hook-handlers.ts), or only PROMPT_HOOKS (prompt-hooks.ts). */
export type HookHandlers = Readonly<Record<string, EventHandler>>;

/** The hook's output object (`{}` on any failure, which is logged). */
export async function runHook(host: Host, event: string, handlers: HookHandlers): Promise<object> {
  let root: string | undefined; // found once, from the payload's cwd; the fallback only to log a failure
  try {
    const stdin = host.stdin(); // read even when off: the writer must not get EPIPE
    const handler = handlers[event];
    const gate = gateHook(host.env, stdin, event, handler?.hookEventName);
    if (gate.kind === 'off') return {};
    root = host.hookRoot(gate.payload.cwd);
    if (root === undefined) return {}; // no memory here: nothing to inject, nothing to record, nothing written
    const hookRoot = root;
    recoverJournal(host, root); // an interrupted add: the handlers read the tree whole
    if (gate.kind === 'wrong-event') {
      host.hookLog(hookRoot, event, messages.wrongEvent(event, gate.running, handler!.hookEventName));
      return {};
    }
    const context: HookContext = {
      host,
      event,
      hookEventName: handler!.hookEventName,
      root,
      config: loadConfig(host, root).config,
      payload: gate.payload,
      env: host.env,
      log: (message) => host.hookLog(hookRoot, event, message),
    };
    return await (await handler!.load()).handle(context);
  } catch (error) {
    const logRoot = root ?? host.hookRoot(undefined);
    if (logRoot !== undefined) host.hookLog(logRoot, event, error instanceof Error ? error.message : String(error));
    return {};
  }
}

