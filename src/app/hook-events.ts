/** The hook subcommands and the event name Claude Code gives each (`hook_event_name`, `hookSpecificOutput.hookEventName`). */
export const HOOK_EVENT_NAME: Readonly<Record<string, string>> = {
  'user-prompt-submit': 'UserPromptSubmit',
  'session-start': 'SessionStart',
  'session-end': 'SessionEnd',
  'pre-compact': 'PreCompact',
};
