/**
 * `memdex hook <event>`: Claude Code hook JSON on stdin, hook JSON on stdout.
 * Fails open, always: whatever goes wrong, it prints `{}`, exits 0 and logs one line
 * (.claude/memdex-hooks.log). A hook must never block or break the agent (exit 2
 * would block the prompt). MEMDEX_HOOKS=0 turns every hook off.
 */
import { messages } from '../messages/hooks.js';
import { logHookFailure } from '../node/hook-log.js';
import { loadConfig } from '../node/load-config.js';
import { hookProjectRoot } from '../node/project-root.js';
import { readStdin } from '../node/read-stdin.js';
import type { HookContext } from './hook-step.js';
import { parseHookPayload } from './payload.js';

interface EventHandler {
  /** The name Claude Code uses, echoed in hookSpecificOutput.hookEventName. */
  readonly hookEventName: string;
  readonly load: () => Promise<{ handle(context: HookContext): Promise<object> }>;
}

export const HOOK_EVENTS: Readonly<Record<string, EventHandler>> = {
  'user-prompt-submit': { hookEventName: 'UserPromptSubmit', load: () => import('./inject-playbook.js') },
  'session-start': { hookEventName: 'SessionStart', load: () => import('./inject-playbook.js') },
  'session-end': { hookEventName: 'SessionEnd', load: () => import('./session-end.js') },
  'pre-compact': { hookEventName: 'PreCompact', load: () => import('./session-end.js') },
};

export async function runHook(argv: readonly string[]): Promise<number> {
  const [event = ''] = argv;
  if (event === '' || event === '--help' || event === '-h') {
    process.stderr.write(messages.usage);
    process.stdout.write('{}\n');
    return 0;
  }
  let root = hookProjectRoot(process.env, undefined, process.cwd());
  let output: object = {};
  try {
    const stdin = readStdin();
    if (process.env.MEMDEX_HOOKS === '0') return print({});
    const handler = HOOK_EVENTS[event];
    if (!handler) throw new Error(messages.unknownEvent(event));
    const parsed = parseHookPayload(stdin);
    if (!parsed.ok) throw new Error(parsed.message);
    root = hookProjectRoot(process.env, parsed.payload.cwd, process.cwd());
    const hookRoot = root;
    const context: HookContext = {
      event,
      hookEventName: handler.hookEventName,
      root,
      config: loadConfig(root).config,
      payload: parsed.payload,
      env: process.env,
      log: (message) => logHookFailure(hookRoot, event, message),
    };
    output = await (await handler.load()).handle(context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logHookFailure(root, event, message);
    output = {};
  }
  return print(output);
}

function print(output: object): number {
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}
