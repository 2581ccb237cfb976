/** The sentences of the skills memdex installs (`.claude/skills/<name>/SKILL.md`, the plugin's skills/). */
export const skillMessages = {
  whenDescription:
    'Recall what this project\'s memory says about a situation, e.g. "/when writing mock tests": prints the decision section an entry of agents/memory-index.md points to, or the closest entries.',
  whenArgumentHint: '<situation, as written after /when in the memory index>',
  howDescription:
    'Recall how this project does something, e.g. "/how encode file paths": prints the decision section an entry of agents/memory-index.md points to, or the closest entries.',
  howArgumentHint: '<task, as written after /how in the memory index>',
  rememberDescription:
    'Add a memory: writes a decision heading with its content and the matching entry in agents/memory-index.md, checked, in one step.',
  rememberArgumentHint: '<what to remember>',
  rememberBody: [
    'The memory to add: $ARGUMENTS',
    '',
    'How to add it:',
    '1. Choose `when` (a situation: "writing mock tests") or `how` (a task: "encode file paths") and a short trigger in lower case.',
    '2. Choose the decision file under agents/decisions/ whose topic fits (the index lists them as `## agents/decisions/<file>.md`).',
    '3. Write the content (at least two sentences: the decision and why) to a temporary file.',
    '4. Run `memdex add <when|how> "<trigger>" --file <decision file>.md --extras "<other words>" --body <temporary file>`.',
    '5. If it refuses, it says why and what it expects: fix that and run it again. Then `/when <trigger>` or `/how <trigger>` shows the new memory.',
  ].join('\n'),
} as const;
