/**
 * The user-prompt-submit hook alone (the playbook injection, inject-playbook.ts), loaded on
 * demand (prompt-hooks.ts holds both prompt hooks). A session's first prompt
 * (src/hooks/first-prompt.ts, dist/hook-prompt.cjs) imports the injection statically instead:
 * that bundle runs nothing else.
 */
import type { EventHandler } from './hook.js';
import { HOOK_EVENT_NAME } from './hook-events.js';

export const USER_PROMPT_HOOK: EventHandler = { hookEventName: HOOK_EVENT_NAME['user-prompt-submit']!, load: () => import('./inject-playbook.js') };
