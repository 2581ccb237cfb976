/**
 * The prompt hooks (session-start, user-prompt-submit): the playbook injection. A
 * table of their own, so that session-start, run from its own CommonJS bundle
 * (src/hooks/prompt-hook.ts, dist/hook.cjs), carries no session-end code (a session's
 * first user-prompt-submit has a smaller one still: user-prompt-hook.ts).
 */
import type { HookHandlers } from './hook.js';
import { HOOK_EVENT_NAME } from './hook-events.js';
import { USER_PROMPT_HOOK } from './user-prompt-hook.js';

export const PROMPT_HOOKS: HookHandlers = {
  'user-prompt-submit': USER_PROMPT_HOOK,
  'session-start': { hookEventName: HOOK_EVENT_NAME['session-start']!, load: () => import('./session-start.js') },
};
