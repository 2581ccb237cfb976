/** The hook subcommands and the event name Claude Code gives each (`hook_event_name`, `hookSpecificOutput.hookEventName`). */
export const HOOK_EVENT_NAME: Readonly<Record<string, string>> = {
  'user-prompt-submit': 'UserPromptSubmit',
  'session-start': 'SessionStart',
  'session-end': 'SessionEnd',
  'pre-compact': 'PreCompact',
};

/** The client's limit on a hook's context: one home (playbook/client-limit.ts), which rule playbook/template-size reads too. */
export { CLIENT_CONTEXT_LIMIT } from '../playbook/client-limit.js';
