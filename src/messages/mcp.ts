/**
 * Every sentence of `memdex mcp`: the server's instructions and tool descriptions (what
 * the agent reads; written as facts, as the client's guidance asks of context), and
 * what a bad call is told.
 */
import { thousands } from './thousands.js';

export const MCP_LIMITS = {
  /** A trigger, a `.Heading` or a `..file.md`: an index line is far shorter. */
  queryChars: 1000,
  /** Queries of one batch call. */
  batch: 50,
  /** A plan or a prompt for `suggest`. */
  textChars: 20_000,
  /** The content of a new memory (a decision file is at most ~400 lines). */
  bodyChars: 40_000,
  suggestLimit: 20,
} as const;

export const mcpMessages = {
  instructions: (index: string, decisions: string) =>
    [
      `This server reads and writes the project's memory: the index ${index} (lines like \`/when writing mock tests | mock patch\` and \`/how encode file paths\`) and the decision files in ${decisions}/, whose sections hold what earlier sessions learned.`,
      '`when` and `how` return the section an index trigger names (`when` for /when entries, `how` for /how entries); a near miss returns the closest triggers. `resolve` also takes `.Heading` for a section by its heading and `..file.md` for a whole decision file, and several queries at once.',
      '`suggest` returns the index entries a task description is about, best first, with scores; its entries can be passed to `when` or `how`.',
      '`remember` adds a memory: a heading with its content in a decision file and the index entry, both or neither, checked by the validator.',
      '`feedback` records that a playbook key point (an id like kpt_007) does not apply to this project, or scores it per tag; the playbook is the resource memdex://playbook.',
    ].join('\n'),
  tools: {
    when: 'The section of the memory that an index trigger `/when <trigger>` names, with Broader/Related navigation and its source file.',
    how: 'The section of the memory that an index trigger `/how <trigger>` names, with Broader/Related navigation and its source file.',
    resolve:
      'Sections of the memory by query: `/when <trigger>`, `/how <trigger>`, a bare trigger, `.Heading` (a section by heading), `..file.md` (a whole decision file). `queries` answers several at once.',
    suggest: 'The index entries (`/when …`, `/how …`) a task description, plan or prompt is about, best first, with their scores; none when nothing is close.',
    remember:
      'Adds a memory: the heading `When <trigger>` or `How to <trigger>` with its content in a decision file, and the entry in the memory index, both files or neither. Refused with the reasons when the validator would reject the tree.',
    feedback: 'Records that a playbook key point does not apply here (its environment tags rated down), or its score per tag in [-1, 1]; the learner weighs it as explicit feedback.',
  },
  fields: {
    query: 'A trigger as the index writes it after /when or /how (e.g. "writing mock tests"), or a whole index line',
    resolveQuery: 'A query: `/when <trigger>`, `/how <trigger>`, `.Heading`, `..file.md`',
    queries: `Several queries answered in one call (at most ${MCP_LIMITS.batch})`,
    navigation: 'Include the Broader/Related navigation lines (default true)',
    text: 'The task, plan or prompt to find memories for',
    limit: `At most this many entries (1–${MCP_LIMITS.suggestLimit}, default 5)`,
    kind: '`when` for a situation ("when writing mock tests"), `how` for a method ("how to encode file paths")',
    trigger: 'The trigger, without the operator: "writing mock tests"',
    file: 'The decision file, relative to the project root or its name in the decisions folder (e.g. agents/decisions/testing.md); created when missing',
    body: 'The content under the heading: at least 3 lines of what was learned',
    extras: 'Other words a query may use for it (the index line’s `| extra, extra`)',
    under: 'An existing heading to nest the new one under',
    dryRun: 'Show the diff without writing',
    id: 'The key point id, as the playbook shows it (e.g. kpt_007)',
    notApplicable: 'It does not apply in this project (default true when no tag is scored)',
    tags: 'Scores per tag in [-1, 1], e.g. {"typescript": 0.8, "react": -1}',
    reason: 'Why, in a sentence (kept with the event)',
  },
  expected: {
    string: (field: string) => `${field} must be text`,
    strings: (field: string) => `${field} must be a list of texts`,
    boolean: (field: string) => `${field} must be true or false`,
    integer: (field: string) => `${field} must be a whole number`,
    kind: 'kind must be "when" or "how"',
    tags: 'tags must map tag names to numbers in [-1, 1], like {"typescript": 0.8}',
  },
  empty: (field: string) => `${field} is empty; expected text, like "writing mock tests"`,
  tooLong: (field: string, chars: number, max: number) => `${field} is ${thousands(chars)} characters; expected at most ${thousands(max)}`,
  queryOrQueries: 'give `query` or `queries` (one of them)',
  tooMany: (count: number, max: number) => `queries holds ${count} queries; expected at most ${max} per call`,
  badLimit: (value: number, max: number) => `limit ${value}: expected a whole number from 1 to ${max}`,
  noneSuggested: 'No entry of the memory index is close to this text.',
  suggestion: (label: string, score: number) => `${label}  (score ${score.toFixed(2)})`,
  refused: (problems: readonly string[]) => `Not added (nothing was written):\n${problems.join('\n')}`,
  /** An error memdex did not expect: no stack trace, the same words as the CLI's. */
  internal: (detail: string) => `internal error: ${detail} (this is a bug in memdex; report it)`,
  playbookName: 'playbook',
  playbookDescription: 'The playbook key points as the hooks inject them: ids, helpful/harmful counters, text, ranked for this environment.',
  started: (root: string) => `memdex mcp: serving the memory tree at ${root} on stdio\n`,
};
