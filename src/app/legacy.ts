/**
 * What earlier memdex versions wrote into repositories, kept so that `memdex
 * init` recognises its own unedited forms and brings them up to date: a command
 * equal to one of these is memdex's, anything else is the user's and is left as
 * it is. When a shipped form changes, the form it replaces is added here.
 */

/** The hook command lines 0.1.0 wrote into .claude/settings.json (a project install, no fail-open guard). */
export function legacyHookCommands(subcommand: string): readonly string[] {
  return [`"$CLAUDE_PROJECT_DIR"/node_modules/.bin/memdex hook ${subcommand}`];
}

/**
 * The skill texts earlier memdex versions installed in .claude/skills/ (none
 * is kept yet: the installs since this list exists are recognised by init's
 * record, install-record.ts). When a shipped skill text changes, the text it
 * replaces is added here.
 */
export function legacySkillTexts(_name: string): readonly string[] {
  return [];
}
