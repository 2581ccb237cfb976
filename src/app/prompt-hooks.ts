/**
 * The prompt hooks (session-start, user-prompt-submit): the playbook injection. A
 * table of their own, so that the first prompt of a session, run from its own
 * CommonJS bundle (src/hooks/prompt-hook.ts, dist/hook.cjs), carries no session-end code.
 */
import type { HookHandlers } from './hook.js';
import { HOOK_EVENT_NAME } from './hook-events.js';

export const PROMPT_HOOKS: HookHandlers = {
  'user-prompt-submit': { hookEventName: HOOK_EVENT_NAME['user-prompt-submit']!, load: () => import('./inject-playbook.js') },
  'session-start': { hookEventName: HOOK_EVENT_NAME['session-start']!, load: () => import('./session-start.js') },
};
