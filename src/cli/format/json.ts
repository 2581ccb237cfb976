import type { Diagnostic } from '../../core/diagnostic.js';
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
    for (const d of tree.diagnostics) {
      batch.push(record(tree, d));
      if (batch.length === batchSize) yield flush();
    }
  }
  if (batch.length > 0) yield flush();
  yield first ? '[]\n' : '\n]\n';
}

/** One finding as an item of the top-level array (two spaces deep), keys in the documented order. */
function record(tree: LocatedTree, d: Diagnostic): string {
  const s = JSON.stringify;
  const related = d.related?.length
    ? `[\n${d.related.map((r) => `      {\n        "where": ${s(relatedWhere(tree, r))},\n        "message": ${s(r.message)}\n      }`).join(',\n')}\n    ]`
    : '[]';
  return `  {\n    "ruleId": ${s(d.ruleId)},\n    "severity": ${s(d.severity)},\n    "file": ${s(tree.display(d.path))},\n    "line": ${num(d.span?.start.line ?? 1)},\n    "column": ${num(d.span?.start.column ?? 1)},\n    "endLine": ${num(d.span?.end.line ?? 1)},\n    "endColumn": ${num(d.span?.end.column ?? 1)},\n    "message": ${s(d.message)},\n    "related": ${related},\n    "fixable": ${d.fix !== undefined}\n  }`;
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
