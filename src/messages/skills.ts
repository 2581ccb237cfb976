/** The sentences of the skills memdex installs (`.claude/skills/<name>/SKILL.md`, the plugin's skills/). */
export const skillMessages = {
  pluginDescription: 'The project memory: /memdex:when and /memdex:how recall it, /memdex:remember adds to it; hooks inject the playbook.',
  marketplaceDescription: 'memdex, the Claude Code plugin that keeps a coding agent\'s long-term memory correct and usable, from its own repository.',
  /**
   * Printed by the plugin's bin/memdex (a shell script: no `"`, `$`, backtick or backslash) when it finds no memdex to run:
   * a plugin installed from git is a clone, without the build. Followed by the skipped command.
   */
  pluginMemdexMissing:
    'memdex: not built in the plugin, and not installed in the project or on PATH (npm install --save-dev github:memdex/memdex, or --global; see the README)',
  whenDescription:
    'Recall what this project\'s memory says about a situation, e.g. "/when writing mock tests": prints the decision section an entry of agents/memory-index.md points to, or the closest entries.',
  whenArgumentHint: '<situation, as written after /when in the memory index>',
  howDescription:
    'Recall how this project does something, e.g. "/how encode file paths": prints the decision section an entry of agents/memory-index.md points to, or the closest entries.',
  howArgumentHint: '<task, as written after /how in the memory index>',
  rememberDescription:
    'Add a memory: writes a decision heading with its content and the matching entry in agents/memory-index.md, checked, in one step.',
  rememberArgumentHint: '<what to remember>',
  /** `memdex`: the command as the skill runs it (quoted path). */
  rememberBody: (memdex: string) =>
    [
      'The memory to add: $ARGUMENTS',
      '',
      'How to add it:',
      '1. Choose `when` (a situation: "writing mock tests") or `how` (a task: "encode file paths") and a trigger: 2 to 5 plain words in lower case, what an agent facing this would type.',
      `2. Check it is new: \`${memdex} when '<trigger>'\` (or \`how\`) should not already answer it. If a section covers it, extend that section instead.`,
      '3. Choose the decision file under agents/decisions/ whose topic fits (the index lists them as `## agents/decisions/<file>.md`), and optionally the heading to put it under.',
      '4. Write the content: at least three lines (the decision, why, and an example or consequence). Run:',
      '',
      '```',
      `${memdex} add when '<trigger>' --file <file>.md --extras '<other words, comma-separated>' --body - <<'MEMDEX_BODY'`,
      '<the content>',
      'MEMDEX_BODY',
      '```',
      '',
      "Quote the trigger and extras in single quotes (they hold no `'`). Add `--under '<heading>'` to place it under a heading, `--dry-run` to see the change first.",
      '5. If memdex refuses, it names each problem and what it expects: fix that and run it again. Warnings (a trigger close to others, similar memories) are worth a look. Then `/when <trigger>` shows the new memory.',
    ].join('\n'),
} as const;
