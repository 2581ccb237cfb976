/** Every sentence about memdex.config.json: what is wrong with a setting, and what is expected. */
import { describeJson } from './describe-json.js';

export const configMessages = {
  /** The header of a usage error listing the problems, one `file:line:col: <key> <problem>` per line. */
  invalid: (file: string, count: number) => `${file}: invalid configuration (${count} problem${count === 1 ? '' : 's'})`,
  problemLine: (file: string, line: number, column: number, key: string, problem: string) => `${file}:${line}:${column}: ${key} ${problem}`,
  invalidJson: (where: string, detail: string) => `${where}: invalid JSON: ${detail}`,
  /** The whole file, when the problem is at its top. */
  root: 'the configuration',
  mustBe: (expected: string, got: unknown) => `must be ${expected}, got ${describeJson(got)}`,
  unknownKey: (allowed: readonly string[]) => `is not a known key (expected ${allowed.length === 0 ? 'no keys' : `one of ${allowed.join(', ')}`})`,
  missingKey: (key: string) => `must have the key "${key}"`,
  unknownRule: (suggestion: string | undefined) =>
    `is not a rule of memdex${suggestion ? `; did you mean "${suggestion}"?` : ''} (run \`memdex rules\` for the list)`,
  noOptions: (id: string) => `is not an option of ${id}, which takes none`,
  /** An `ignores` pattern that cannot name a place in the tree (model/ignores.ts). */
  badIgnore: {
    absolute: 'must be a path relative to the memory tree root (like `agents/decisions/old-*.md`), not an absolute one',
    parent: 'must stay inside the memory tree: `..` is not allowed',
    emptyPath: 'must start with a path glob before `#` (like `agents/decisions/*.md#.Archive`)',
    emptyHeading: 'must name a heading after `#` (like `agents/decisions/testing.md#.Archive`), or drop the `#` to ignore the whole file',
  },
  badPlugin: {
    absolute: 'must be a path relative to the memory tree root (like `./memdex-rules/no-todo.js`), not an absolute one',
    parent: 'must stay inside the memory tree: `..` is not allowed',
  },
  /** A plugin module that cannot be used: the file, and what it should export. */
  pluginProblem: (file: string, index: number, path: string, problem: string) => `${file}: plugins[${index}] ${path}: ${problem}`,
  pluginExpected: 'expected a default export (or module.exports) that is a rule {meta: {id, description, severity, fixable}, check(project, context)} or a list of them',
  pluginLoad: (detail: string) => `cannot be loaded: ${detail}`,
  pluginBadId: (id: string) => `rule id "${id}" must be "<prefix>/<name>" in lower case (like "local/no-todo")`,
  pluginTakenId: (id: string) => `rule id "${id}" is already a rule of memdex or of an earlier plugin`,
  pluginBadMeta: (id: string, key: string, expected: string) => `rule "${id}": meta.${key} must be ${expected}`,
  ruleSetting: 'one of "error", "warning", "off", or an object {severity, options}',
  /** Thrown by the engine when options reach it unvalidated (the library API). */
  badOptions: (key: string, problem: string) => `invalid rule options: ${key} ${problem}`,
  /** The words of "must be <expected>", from a schema (model/json-schema.ts expectedOf). */
  expected: {
    nouns: { null: 'null', boolean: 'true or false', integer: 'an integer', number: 'a number', string: 'a string', array: 'an array', object: 'an object' },
    nonEmptyString: 'a non-empty string',
    anyValue: 'a value',
    atLeast: (n: number) => `>= ${n}`,
    atMost: (n: number) => `<= ${n}`,
    both: (parts: readonly string[]) => parts.join(' and '),
    either: (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`),
  },
};
