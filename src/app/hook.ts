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
 * src/node/prompt-fast.ts (dist/hook-fast.cjs).
 */
import { messages } from '../messages/hooks.js';
import type { Host, TreeHost } from './host.js';
import { HOOK_EVENT_NAME } from './hook-events.js';
import { parseHookPayload } from './hook-payload.js';
import type { HookContext } from './hook-step.js';

interface EventHandler {
  /** The name Claude Code uses, echoed in hookSpecificOutput.hookEventName. */
  readonly hookEventName: string;
  readonly load: () => Promise<{ handle(context: HookContext): Promise<object> }>;
}

export const HOOK_EVENTS: Readonly<Record<string, EventHandler>> = {
  'user-prompt-submit': { hookEventName: HOOK_EVENT_NAME['user-prompt-submit']!, load: () => import('./inject-playbook.js') },
  'session-start': { hookEventName: HOOK_EVENT_NAME['session-start']!, load: () => import('./session-start.js') },
  'session-end': { hookEventName: HOOK_EVENT_NAME['session-end']!, load: () => import('./session-end.js') },
  'pre-compact': { hookEventName: HOOK_EVENT_NAME['pre-compact']!, load: () => import('./session-end.js') },
};

/** The hook's output object (`{}` on any failure, which is logged). */
export async function runHook(host: Host, event: string): Promise<object> {
  let root: string | undefined; // found once, from the payload's cwd; the fallback only to log a failure
  try {
    const stdin = host.stdin(); // read even when off: the writer must not get EPIPE
    if (host.env.MEMDEX_HOOKS === '0') return {};
    const handler = HOOK_EVENTS[event];
    if (!handler) throw new Error(messages.unknownEvent(event));
    const parsed = parseHookPayload(stdin);
    if (!parsed.ok) throw new Error(parsed.message);
    root = host.hookRoot(parsed.payload.cwd);
    const hookRoot = root;
    // The client rejects output naming another event, so wired under the wrong one the hook does nothing.
    const running = parsed.payload.hookEventName;
    if (running !== undefined && running !== handler.hookEventName) {
      host.hookLog(hookRoot, event, messages.wrongEvent(event, running, handler.hookEventName));
      return {};
    }
    const context: HookContext = {
      host,
      event,
      hookEventName: handler.hookEventName,
      root,
      config: host.loadConfig(root).config,
      payload: parsed.payload,
      env: host.env,
      log: (message) => host.hookLog(hookRoot, event, message),
    };
    return await (await handler.load()).handle(context);
  } catch (error) {
    host.hookLog(root ?? host.hookRoot(undefined), event, error instanceof Error ? error.message : String(error));
    return {};
  }
}

