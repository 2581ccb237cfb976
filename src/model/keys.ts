/**
 * The one definition of "same key" (entries, headings, queries, migration).
 * Keys compare case-insensitively with whitespace folded:
 *   `/when Writing  mock tests`  ↔  `### When Writing Mock Tests`   (key `when writing mock tests`)
 *   `/how encode paths`          ↔  `## How to Encode Paths`        (key `how to encode paths`)
 */
export type Operator = 'when' | 'how';

export const OPERATOR_HEADING_PREFIX: Readonly<Record<Operator, string>> = { when: 'When', how: 'How to' };

/** Trim, fold runs of whitespace to one space, lower-case. */
export function foldKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Key of an index entry: operator prefix + trigger, folded. */
export function entryKey(operator: Operator, trigger: string): string {
  return foldKey(`${OPERATOR_HEADING_PREFIX[operator]} ${trigger}`);
}

/** Key of a heading text (structural headings keep their leading dot). */
export function headingKey(text: string): string {
  return foldKey(text);
}

/**
 * The operator and trigger a semantic heading stands for: `When X` → when/x,
 * `How to X` → how/x; undefined for any other heading text.
 */
export function headingOperator(text: string): { operator: Operator; trigger: string } | undefined {
  const folded = text.trim().replace(/\s+/g, ' ');
  const how = /^how to\s+(.+)$/i.exec(folded);
  if (how) return { operator: 'how', trigger: how[1]! };
  const when = /^when\s+(.+)$/i.exec(folded);
  if (when) return { operator: 'when', trigger: when[1]! };
  return undefined;
}

/**
 * The heading text a migration writes for an entry: `When`/`How to` plus the trigger
 * words with the first letter upper-cased (the rest kept as written, so `TDD` and
 * `agent-creator` survive), which is what the real migration produced.
 */
export function headingForEntry(operator: Operator, trigger: string): string {
  const words = trigger.trim().split(/\s+/).filter(Boolean).map(capitalizeWord);
  return `${OPERATOR_HEADING_PREFIX[operator]} ${words.join(' ')}`;
}

function capitalizeWord(word: string): string {
  if (word === word.toUpperCase()) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
