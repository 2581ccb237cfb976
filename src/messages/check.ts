/** Every sentence `memdex check` shows: what is wrong, then what is expected. */
const q = (text: string) => `\`${text}\``;

export const checkMessages = {
  emptyTrigger: (line: string) => `Entry ${q(line.trim())} has an empty trigger; expected \`/when <trigger>\` or \`/how <trigger>\` with words before any \`|\``,
  emptyExtra: () => 'Empty extra trigger between commas; expected `| extra one, extra two` with no empty segments',
  indentedEntry: () => 'Entry is indented; expected `/when` or `/how` at the start of the line',
  legacyEntry: (key: string) =>
    `Old-format entry ${q(key)} (\`Key — description\`); expected \`/when <trigger>\` or \`/how <trigger>\`: run \`memdex migrate plan\` then \`memdex migrate apply\``,
  unknownOperator: (text: string) => `Unknown operator in ${q(text.trim())}; expected \`/when \` or \`/how \``,
  operatorCase: (text: string) => `Operator in ${q(text.trim())} must be lower-case; expected \`/when \` or \`/how \``,
  duplicateEntry: (key: string) => `Duplicate entry ${q(key)}; expected each operator and trigger once`,
  firstDefined: 'First defined here',
  extraShadows: (extra: string, trigger: string) =>
    `Extra ${q(extra)} equals the trigger of another entry (${q(trigger)}); expected extras that do not collide with triggers`,
  otherEntry: 'The entry with that trigger',
  entryWithoutHeading: (entry: string, heading: string, file: string | undefined) =>
    `Entry ${q(entry)} has no heading; expected a heading ${q(heading)} in ${file ?? 'the decision files'}`,
  didYouMean: (heading: string, where: string) => `Did you mean ${q(heading)} (${where})?`,
  closestHeading: 'closest heading',
  headingWithoutEntry: (heading: string, entry: string, section: string) =>
    `Heading ${q(heading)} has no index entry; expected ${q(entry)} in section \`## ${section}\` of the memory index`,
  headingNotTrigger: (heading: string, depth: number) =>
    `Heading ${q(heading)} has no index entry and is neither \`When …\` nor \`How to …\`; expected a rename to \`When …\`/\`How to …\` with an index entry, or mark it structural: ${q(`${'#'.repeat(depth)} .${heading}`)}`,
  duplicateHeading: (heading: string) => `Duplicate heading ${q(heading)}; expected each semantic heading text once across the decision files`,
  sectionFileMissing: (path: string) => `Section \`## ${path}\` names a file that does not exist; expected an existing decision file`,
  sectionNotDecisionFile: (title: string, decisions: string) =>
    `Section \`## ${title}\` is not a decision file; expected \`## ${decisions}/<file>.md\``,
  entryInWrongSection: (key: string, section: string, expected: string) =>
    `Entry ${q(key)} is in section \`## ${section}\`, but its heading is in ${expected}; expected it under \`## ${expected}\``,
  headingHere: 'Heading here',
  entriesOutOfOrder: (section: string, key: string, after: string) =>
    `Entries of \`## ${section}\` are not in heading order: ${q(key)} should come before ${q(after)}`,
  structuralEntry: (key: string, heading: string) =>
    `Entry ${q(key)} points to structural heading ${q(heading)}, which the index does not list; expected no entry (or rename the heading without its leading dot)`,
  thinSemanticHeading: (heading: string, lines: number, depth: number, atLeast: number) =>
    `Heading ${q(heading)} has ${lines} line${lines === 1 ? '' : 's'} of direct content before its first sub-heading; expected it marked structural (${q(`${'#'.repeat(depth)} .${heading}`)}) or at least ${atLeast} lines of content`,
  structuralWithContent: (heading: string, lines: number) =>
    `Structural heading ${q(heading)} holds ${lines} lines of direct content, hidden from the index; expected a semantic \`When …\`/\`How to …\` heading with an entry, or the content moved under one`,
  lineLimit: (lines: number, max: number) => `File has ${lines} lines; expected at most ${max} (split it, or raise \`rules["decision/line-limit"].options.max\`)`,
  fragmentCandidate: (heading: string, content: number, entry: number, margin: number, label: string) =>
    `Section \`${heading}\` is about ${content} tokens, no more than its entry \`${label}\` (about ${entry}) + ${margin}: it costs what a lookup costs; expected it in an always-loaded fragment (\`memdex promote "${label}"\`)`,
  indexBudget: (tokens: number, max: number) =>
    `Memory index is about ${tokens} tokens; expected at most ${max} (it is loaded into every session: prune or consolidate entries)`,
  indexNotInContext: (index: string, files: readonly string[]) =>
    `${files.join(' and ')} ${files.length === 1 ? 'does' : 'do'} not load the memory index; expected a line \`@${index}\` (the config's index/in-context says loaded: true), or set loaded to false`,
  indexInContext: (index: string) =>
    `This line loads the memory index into every session; expected no \`@${index}\` line (the config's index/in-context says loaded: false: the index is over its budget or was chosen out), or set loaded to true`,
  fixMoveEntries: 'Move entries to their decision file sections',
  fixOrderEntries: (section: string) => `Sort entries of \`## ${section}\` in heading order`,
  fixRemoveStructural: (key: string) => `Remove entry ${q(key)} (structural heading)`,
  malformedDirective: (word: string) =>
    `Directive ${q(word)} is not a comment alone on one line, so it is not read; expected \`<!-- ${word} [<rule>…] [-- reason] -->\` with nothing after it`,
  unknownDirective: (word: string, words: readonly string[], suggestion: string | undefined) =>
    `Unknown directive ${q(word)}${suggestion ? ` (did you mean ${q(suggestion)}?)` : ''}; expected one of ${words.map(q).join(', ')}`,
  unknownDirectiveRule: (id: string, suggestion: string | undefined) =>
    `Directive names unknown rule ${q(id)}${suggestion ? ` (did you mean ${q(suggestion)}?)` : ''}; expected rule ids as \`memdex rules\` lists them`,
  unusedDisable: (word: string, id: string | undefined, whole: boolean) =>
    id === undefined
      ? `Unused ${q(word)}: no finding here to suppress; expected the comment removed`
      : `Unused ${q(word)} for ${q(id)}: no ${q(id)} finding here to suppress; expected ${whole ? 'the comment' : q(id)} removed${whole ? '' : ' from the comment'}`,
  unusedEnable: (word: string, id: string | undefined, whole: boolean) =>
    id === undefined
      ? `Unused ${q(word)}: no rule is disabled here; expected the comment removed`
      : `Unused ${q(word)} for ${q(id)}: ${q(id)} is not disabled here; expected ${whole ? 'the comment' : q(id)} removed${whole ? '' : ' from the comment'}`,
  /** Bugs in a rule, not findings (exit 2). */
  ruleFailed: (id: string, detail: string) => `rule ${id} failed: ${detail}`,
  fixNotDeclared: 'reported a fix but is not marked fixable',
  /** A project built without its compiled ignores reached the engine (a library caller used the pure buildProject). */
  ignoresNotCompiled: 'the config has `ignores` but the project was built without them: build it with loadProject() or buildModel() (src/app/load-project.ts), which compile them',
};
