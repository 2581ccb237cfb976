/**
 * Claude Code replaces any hook output string longer than 10,000 characters by a
 * 2 KB preview and a file path, so the model would see no key point at all
 * (measured with client 2.1.330, claude-code-behaviour.md §1). The whole
 * additionalContext, template and block, stays strictly below it (app/injection.ts);
 * rule playbook/template-size finds a template that leaves the block no room.
 */
export const CLIENT_CONTEXT_LIMIT = 10_000;
