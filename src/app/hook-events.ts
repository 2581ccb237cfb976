/** The hook subcommands and the event name Claude Code gives each (`hook_event_name`, `hookSpecificOutput.hookEventName`). */
export const HOOK_EVENT_NAME: Readonly<Record<string, string>> = {
  'user-prompt-submit': 'UserPromptSubmit',
  'session-start': 'SessionStart',
  'session-end': 'SessionEnd',
  'pre-compact': 'PreCompact',
};

/**
 * Claude Code replaces any hook output string longer than 10,000 characters by a
 * 2 KB preview and a file path, so the model would see no key point at all
 * (measured with client 2.1.330, claude-code-behaviour.md §1). The whole
 * additionalContext, template and block, stays strictly below it.
 */
export const CLIENT_CONTEXT_LIMIT = 10_000;
