/** Every hook event memdex answers: the prompt hooks and the end of a session (or of its context, pre-compact). */
import type { HookHandlers } from './hook.js';
import { HOOK_EVENT_NAME } from './hook-events.js';
import { PROMPT_HOOKS } from './prompt-hooks.js';

export const HOOK_EVENTS: HookHandlers = {
  ...PROMPT_HOOKS,
  'session-end': { hookEventName: HOOK_EVENT_NAME['session-end']!, load: () => import('./session-end.js') },
  'pre-compact': { hookEventName: HOOK_EVENT_NAME['pre-compact']!, load: () => import('./session-end.js') },
};
