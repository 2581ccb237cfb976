/** Every user-facing sentence of `memdex migrate`. */
export const migrateMessages = {
  /** The note column of a proposed mapping row (migrate/propose.ts): what the proposal did, and what to review. */
  notes: {
    descriptionKept: 'the old description is kept as extras (without the trigger\'s words)',
    readsBadly: (heading: string) => `"${heading}" reads badly (How to + a noun phrase): give the trigger as what to do, e.g. /how <verb> …`,
  },
  /** A validator error on the planned texts (a migration's or `memdex add`'s). */
  validatorProblem: (where: string, message: string, ruleId: string) => `${where}: ${message} (${ruleId})`,
  staleHeading: (at: string, file: string, line: number, expected: string, found: string | undefined) =>
    `${at}: stale row: ${file}:${line} should be the heading "${expected}"${found === undefined ? ', and no heading in the file has that text' : `, found "${found}"`}; run \`memdex migrate plan\` again or fix the row`,
  staleEntry: (at: string, index: string, line: number | undefined, expected: string) =>
    `${at}: stale row: ${index}${line !== undefined ? `:${line}` : ''} should hold the entry "${expected}", and no index line has that text; run \`memdex migrate plan\` again or fix the row`,
  ambiguousEntry: (at: string, expected: string) =>
    `${at}: the entry "${expected}" appears more than once in the index; give old_index_line`,
  missingFile: (at: string, file: string) => `${at}: stale row: ${file} is not a decision file of this tree`,
  wrongSection: (at: string, entryAt: string, section: string, file: string) =>
    `${at}: the entry at ${entryAt} is in section "${section}", but the row names ${file}`,
  badNewEntry: (at: string, entry: string) =>
    `${at}: new_index_entry "${entry}" is not an entry; expected \`/when <trigger>\` or \`/how <trigger>\` with optional \`| extras\``,
  inconsistent: (at: string, column: string, value: string, derived: string) =>
    `${at}: ${column} "${value}" does not match operator and trigger ("${derived}"); edit it too, or leave it empty to derive it`,
  duplicateTarget: (at: string, heading: string, other: string) =>
    `${at}: two rows make the heading "${heading}" (also ${other}); each heading must stay unique`,
  duplicateExisting: (at: string, heading: string, other: string) =>
    `${at}: the new heading "${heading}" already exists at ${other}; each heading must stay unique`,
  duplicateSource: (at: string, what: string, other: string) => `${at}: ${what} is already changed by ${other}`,
  overlapping: (path: string) => `${path}: two changes overlap (a link inside a renamed heading or entry?); change them in separate runs`,
  unresolved: (entry: string, file: string, count: number) =>
    `after the change, the entry "${entry}" names ${count === 0 ? 'no heading' : `${count} headings`} in ${file}; expected exactly one`,
  refused: (count: number) => `migration refused (${count} problem${count === 1 ? '' : 's'}); nothing was written`,
  validatorRefused: (count: number) =>
    `migration refused: the validator finds ${count} error${count === 1 ? '' : 's'} in the result; nothing was written`,
  dirty: (paths: readonly string[]) =>
    `migration refused: uncommitted changes in ${paths.join(', ')}; commit or stash them first (git is the way back), or pass --force`,
  notGit: (root: string) =>
    `migration refused: ${root} is not inside a git work tree, so there is no way back; commit the tree to git first, or pass --force`,
  nothingToDo: (already: number) => `nothing to do: ${already} row${already === 1 ? ' is' : 's are'} already applied\n`,
  dryRunFooter: (files: number) => `dry run: ${files} file${files === 1 ? '' : 's'} would change; nothing was written\n`,
  summary: (s: { entries: number; headings: ReadonlyMap<string, number>; links: number; preamble: boolean; already: number }) => {
    const lines = [`converted ${s.entries} index entr${s.entries === 1 ? 'y' : 'ies'}`];
    const total = [...s.headings.values()].reduce((a, b) => a + b, 0);
    lines.push(`renamed ${total} heading${total === 1 ? '' : 's'} in ${s.headings.size} file${s.headings.size === 1 ? '' : 's'}`);
    for (const [path, count] of s.headings) lines.push(`  ${path}: ${count}`);
    lines.push(`rewrote ${s.links} link${s.links === 1 ? '' : 's'}`);
    if (s.preamble) lines.push('replaced the index preamble');
    if (s.already > 0) lines.push(`${s.already} row${s.already === 1 ? ' was' : 's were'} already applied`);
    return `${lines.join('\n')}\n`;
  },
  noIndex: (path: string) => `${path}: the memory index does not exist; nothing to migrate`,
  recovered: (outcome: 'rolled-forward' | 'rolled-back', files: number) =>
    `recovered an interrupted migration: ${outcome === 'rolled-forward' ? `finished it (${files} files now new)` : `rolled it back (${files} files left as they were)`}\n`,
  progress: (done: number, total: number) => `\rwriting ${done}/${total}${done === total ? '\n' : ''}`,
  noJournal: 'no interrupted migration to recover\n',
  planNothingToDo: (migrated: number) =>
    `nothing to do: every index entry is already a \`/when\` or \`/how\` entry (${migrated}); to rename triggers, run \`memdex migrate plan --all\` and edit the rows\n`,
  planWritten: (path: string, rows: number) => `wrote ${rows} row${rows === 1 ? '' : 's'} to ${path}; review it, then run \`memdex migrate apply ${path}\`\n`,
};
