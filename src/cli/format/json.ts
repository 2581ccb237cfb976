import type { Diagnostic, Related } from '../../core/diagnostic.js';
import { escapedJson } from '../../core/terminal-text.js';
import { relatedWhere, type LocatedTree } from './located.js';

/** Findings written together: each batch's text (~40,000 characters) is small enough to die young in the heap. */
const BATCH = 100;

/**
 * A stable array: one object per finding, positions 1-based. Exactly what
 * `JSON.stringify(findings, null, 2)` prints, produced a batch at a time: a
 * pathological file has ~100,000 findings (1 MB of `### a`: 333,330), and one record
 * each at once (plus a 40–150 MB string) cost more in garbage collection than the check
 * itself. Each finding is written from a template with JSON.stringify of its strings
 * only: Node 20's JSON.stringify of an object, indented, cost ~6 µs per finding (1.9 s
 * of that file's report); no record is built per finding.
 */
export function* formatJson(trees: readonly LocatedTree[], batchSize = BATCH): Generator<string> {
  let batch: string[] = [];
  let first = true;
  const flush = () => {
    const text = `${first ? '[\n' : ',\n'}${batch.join(',\n')}`;
    batch = [];
    first = false;
    return text;
  };
  for (const tree of trees) {
    const heads: Heads = new Map();
    const relatedTexts = new Map<readonly Related[], string>();
    for (const d of tree.diagnostics) {
      batch.push(record(tree, d, heads, relatedTexts));
      if (batch.length === batchSize) yield flush();
    }
  }
  if (batch.length > 0) yield flush();
  yield first ? '[]\n' : '\n]\n';
}

/** Per file, per rule: the start of its findings' records, up to the line number. */
type Heads = Map<string, Map<string, { readonly severity: Diagnostic['severity']; readonly text: string }>>;

/**
 * One finding as an item of the top-level array (two spaces deep), keys in the documented order.
 * Its strings are escaped for the terminal (core/terminal-text.ts); the rule, severity and file
 * part is the same for a file's findings of one rule, and written once (`heads`).
 */
function record(tree: LocatedTree, d: Diagnostic, heads: Heads, relatedTexts: Map<readonly Related[], string>): string {
  let byRule = heads.get(d.path);
  if (byRule === undefined) heads.set(d.path, (byRule = new Map()));
  let head = byRule.get(d.ruleId);
  if (head?.severity !== d.severity) {
    head = { severity: d.severity, text: `  {\n    "ruleId": ${escapedJson(d.ruleId)},\n    "severity": ${JSON.stringify(d.severity)},\n    "file": ${escapedJson(tree.display(d.path))},\n    "line": ` };
    byRule.set(d.ruleId, head);
  }
  let related = '[]';
  if (d.related?.length) {
    related = relatedTexts.get(d.related) ?? '';
    if (related === '') relatedTexts.set(d.related, (related = relatedText(tree, d.related)));
  }
  return `${head.text}${num(d.span?.start.line ?? 1)},\n    "column": ${num(d.span?.start.column ?? 1)},\n    "endLine": ${num(d.span?.end.line ?? 1)},\n    "endColumn": ${num(d.span?.end.column ?? 1)},\n    "message": ${escapedJson(d.message)},\n    "related": ${related},\n    "fixable": ${d.fix !== undefined}\n  }`;
}

/** A finding's related places (findings that share them, a heading's duplicates, share the text). */
function relatedText(tree: LocatedTree, related: readonly Related[]): string {
  return `[\n${related.map((r) => `      {\n        "where": ${escapedJson(relatedWhere(tree, r))},\n        "message": ${escapedJson(r.message)}\n      }`).join(',\n')}\n    ]`;
}

/** A number as JSON writes it (positions are finite integers; anything else is null, as JSON.stringify gives). */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/**
 * A fatal input error (a file memdex cannot read, a malformed config) as JSON: an
 * object instead of the findings array, so a consumer cannot mistake it for a
 * clean tree. Documented in README (check, --format json).
 */
export function formatJsonError(message: string): string {
  return `${JSON.stringify({ error: { message, exitCode: 2 } }, null, 2)}\n`;
}
