/** Every user-facing sentence of `memdex promote`. */
export const promoteMessages = {
  describe: 'Promote a memory to an always-loaded fragment: its content into the fragment, its heading and entry removed, all files or none',
  entryPositional: 'The entry, e.g. "/when naming test files" (or its trigger)',
  toOption: 'The fragment file (root-relative): one CLAUDE.md @-loads, or one the `fragments` globs of memdex.config.json name (default: the only fragment CLAUDE.md @-loads)',
  dryRunOption: 'Print the diff and write nothing',
  notes: 'Exit codes: 0 promoted (or the dry run would promote it), 1 refused (each reason printed, nothing written), 2 usage error. Rule decision/fragment-candidate finds the memories worth it.',

  noIndex: (index: string) => `no memory index at ${index}; \`memdex init\` creates one`,
  noEntry: (given: string, index: string) => `no entry "${given}" in ${index}; expected an entry as the index writes it, e.g. "/when naming test files"`,
  ambiguousEntry: (given: string, labels: readonly string[]) => `"${given}" is the trigger of ${labels.join(' and ')}; expected the entry with its operator`,
  noHeading: (label: string) => `${label} names no heading (rule index/entry-has-heading); expected an entry with its section`,
  hasChildren: (heading: string, at: string) => `"${heading}" (${at}) has sub-headings, memories of their own; expected a section without sub-headings`,
  noFragments: 'no fragment to promote into: CLAUDE.md @-loads no file, and memdex.config.json sets no `fragments`; expected --to <file> once CLAUDE.md @-loads it (a line `@agents/fragments/rules.md`)',
  toNeeded: (globs: readonly string[]) => `memdex.config.json names the fragments by globs (${globs.join(', ')}); expected --to <file>, a file they name`,
  chooseFragment: (fragments: readonly string[]) => `CLAUDE.md @-loads ${fragments.length} fragments; expected --to one of: ${fragments.join(', ')}`,
  notFragment: (to: string, fragments: readonly string[], globs: boolean) =>
    `${to} is not a fragment: ${globs ? 'no `fragments` glob of memdex.config.json names it' : 'CLAUDE.md does not @-load it'}, so what moves there would leave the agent's context; expected ${fragments.length > 0 ? `one of: ${fragments.join(', ')}` : globs ? 'a file the globs name' : 'a file CLAUDE.md @-loads (add a line `@<file>` to CLAUDE.md first)'}`,
  memoryFile: (to: string) => `${to} is a memory file (the index or a decision file); expected a fragment`,
  changedMeanwhile: (file: string) => `${file} changed while the promotion was being prepared; expected it unchanged: run the command again`,
  refused: (count: number) => `promote refused (${count} problem${count === 1 ? '' : 's'}); nothing was written`,
  promoted: (label: string, heading: string, file: string, fragment: string) => `promoted ${label}: "${heading}" moved from ${file} into ${fragment}, its entry removed\n`,
  dryRun: (files: number) => `dry run: ${files} files would change; nothing was written\n`,
} as const;
