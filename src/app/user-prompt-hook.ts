/**
 * The user-prompt-submit hook alone (the playbook injection, inject-playbook.ts): a module of
 * its own, so that a session's first prompt (src/hooks/first-prompt.ts, dist/hook-prompt.cjs)
 * bundles no session-start or learning code (prompt-hooks.ts holds both prompt hooks).
 */
import type { EventHandler } from './hook.js';
import { HOOK_EVENT_NAME } from './hook-events.js';

export const USER_PROMPT_HOOK: EventHandler = { hookEventName: HOOK_EVENT_NAME['user-prompt-submit']!, load: () => import('./inject-playbook.js') };
