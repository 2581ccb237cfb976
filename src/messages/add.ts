/** Every user-facing sentence of `memdex add`. */
import { plural } from './plural.js';

export const addMessages = {
  describe: 'Add a memory: a `When …`/`How to …` heading with its content in a decision file and its entry in the index, both or neither',
  operatorPositional: 'when (a situation) or how (a task)',
  triggerPositional: 'The trigger, e.g. writing mock tests, quoted or not (becomes `/when writing mock tests` and `### When Writing Mock Tests`)',
  fileOption: 'Decision file: a name in the decisions folder (testing.md) or a root-relative path; a new file is created with its index section',
  extrasOption: 'Other words the memory is found by, comma-separated ("mock patch, test doubles")',
  underOption: 'The heading to add it under, e.g. ".Mock Patching" (default: beside the memories of the file about the same thing, else a memory of its own at the end of the file)',
  bodyOption: 'File holding the content (Markdown), or - for stdin',
  dryRunOption: 'Print the diff and write nothing',
  notes: 'Exit codes: 0 added (or the dry run would add it), 1 refused (each reason printed, nothing written), 2 usage error.',

  noBody: 'no content: give it with --body <file> or --body - (stdin); a memory holds the decision and why',
  badOperator: (given: string) => `unknown kind "${given}"; expected when (a situation) or how (a task)`,
  emptyTrigger: (given: string) => `the trigger "${given}" has no words; expected a few words in plain prose, e.g. "writing mock tests"`,
  triggerChar: (trigger: string, what: string) => `the trigger "${trigger}" holds ${what}; expected plain words (the index line is \`/when <trigger> | <extras>\`)`,
  dotTrigger: (trigger: string) => `the trigger "${trigger}" starts with "."; that is how a query names a section (\`/when .Heading\`): expected plain words`,
  extraChar: (extra: string, what: string) => `the extra "${extra}" holds ${what}; expected plain words, several separated by commas`,
  notDecisionFile: (file: string, folder: string) => `${file} is not a decision file of this tree; expected a .md file directly in ${folder}/ (e.g. --file testing.md)`,
  noIndex: (index: string) => `no memory index at ${index}; \`memdex init\` creates one`,
  duplicateTrigger: (entry: string, at: string) => `${entry} already exists at ${at}; expected a new trigger (or add to that memory's section instead)`,
  duplicateHeading: (heading: string, at: string) => `the heading "${heading}" already exists at ${at}; each memory heading is unique across the decision files`,
  extraShadows: (extra: string, entry: string, at: string) =>
    `the extra "${extra}" is the trigger of ${entry} (${at}), so \`/when ${extra}\` could not tell them apart; expected other words`,
  shadowedByExtra: (trigger: string, entry: string, at: string) =>
    `the trigger "${trigger}" is an extra of ${entry} (${at}), so it already finds that memory; expected other words, or remove that extra first`,
  underNotFound: (under: string, file: string, headings: readonly string[]) =>
    `no heading "${under}" in ${file}; expected one of: ${headings.length > 0 ? headings.map((h) => `"${h}"`).join(', ') : '(the file has no headings: leave --under out)'}`,
  underAmbiguous: (under: string, at: readonly string[]) => `the heading "${under}" appears ${at.length} times (${at.join(', ')}); give a heading that appears once`,
  tooDeep: (under: string) => `"${under}" is a level-6 heading: Markdown has no deeper level to add a memory under it; expected a higher heading`,
  thinContent: (lines: number, needed: number) =>
    `the content has ${plural(lines, 'non-blank line')}; a memory needs at least ${needed} (the decision, why, and an example or consequence: rule decision/semantic-heading-content), expected more content`,
  bodyHeading: (line: number, depth: number, text: string) =>
    `line ${line} of the content is a level-${depth} heading ("${text}"), which would end the new section; expected a deeper heading (level ${depth + 1} or more, each with its own entry) or plain text`,
  lineLimit: (file: string, lines: number, max: number) =>
    `${file} would have ${lines} lines, more than the ${max} rule decision/line-limit allows; expected another file (--file), or split this one first`,
  changedMeanwhile: (file: string) => `${file} changed while the memory was being prepared; expected it unchanged: run the command again`,
  refused: (count: number) => `add refused (${plural(count, 'problem')}); nothing was written`,

  ambiguous: (entry: string, choices: readonly string[]) =>
    `warning: ${entry} is close to ${choices.join(', ')}: a query worded a little differently may land there`,
  compressHint: (entry: string) => `warning: the shortest trigger that finds only the new memory is ${entry} (memdex compress-key); consider it`,
  similar: (found: readonly { readonly label: string; readonly score: number }[]) =>
    `warning: similar memories exist: ${found.map((s) => `${s.label} (${s.score.toFixed(2)})`).join(', ')}; if one covers this, extend its section instead`,

  added: (entry: string, index: string, entryLine: number, heading: string, file: string, headingLine: number, created: boolean, where: string) =>
    `added ${entry} (${index}:${entryLine}) and "${heading}" (${file}:${headingLine}, ${created ? 'a new decision file' : where})\n`,
  dryRun: (files: number, heading: string, file: string, where: string) =>
    `dry run: "${heading}" would go in ${file} ${where}; ${plural(files, 'file')} would change; nothing was written\n`,
  /** Where the new heading goes (AdditionPlan parent and placement); `under`: how the caller names the choice (`--under`, MCP's `under`). */
  placed: (parent: string | undefined, placement: 'under' | 'similar' | 'end', under: string) =>
    parent === undefined
      ? 'at the end of the file'
      : placement === 'under'
        ? `under "${parent}"`
        : placement === 'similar'
          ? `under "${parent}", beside the memories about the same thing (${under} to choose another heading)`
          : `under "${parent}", at the end of the file (no memory of the file is about the same thing; ${under} to choose a heading)`,
} as const;
