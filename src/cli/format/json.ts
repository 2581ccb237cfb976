import { relatedWhere, type LocatedTree } from './located.js';

/**
 * Findings serialized together: JSON.stringify's speed, with only this many records alive at
 * a time, and each batch's text (~40,000 characters) small enough to die young in the heap.
 */
const BATCH = 100;
const NONE: readonly never[] = [];

/**
 * A stable array: one object per finding, positions 1-based. Exactly what
 * `JSON.stringify(findings, null, 2)` prints, produced a batch at a time: a
 * pathological file has ~100,000 findings, and one record each at once (plus a 40 MB
 * string) cost more in garbage collection than the check itself. The items of an
 * array stringified alone sit at the same depth as in the whole array, so a batch is
 * its stringified array without the brackets.
 */
export function* formatJson(trees: readonly LocatedTree[], batchSize = BATCH): Generator<string> {
  let batch: object[] = [];
  let first = true;
  const flush = () => {
    const items = JSON.stringify(batch, null, 2).slice(2, -2); // `[\n` … `\n]`
    batch = [];
    const text = `${first ? '[\n' : ',\n'}${items}`;
    first = false;
    return text;
  };
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      batch.push({
        ruleId: d.ruleId,
        severity: d.severity,
        file: tree.display(d.path),
        line: d.span?.start.line ?? 1,
        column: d.span?.start.column ?? 1,
        endLine: d.span?.end.line ?? 1,
        endColumn: d.span?.end.column ?? 1,
        message: d.message,
        related: d.related?.length ? d.related.map((r) => ({ where: relatedWhere(tree, r), message: r.message })) : NONE,
        fixable: d.fix !== undefined,
      });
      if (batch.length === batchSize) yield flush();
    }
  }
  if (batch.length > 0) yield flush();
  yield first ? '[]\n' : '\n]\n';
}

/**
 * A fatal input error (a file memdex cannot read, a malformed config) as JSON: an
 * object instead of the findings array, so a consumer cannot mistake it for a
 * clean tree. Documented in README (check, --format json).
 */
export function formatJsonError(message: string): string {
  return `${JSON.stringify({ error: { message, exitCode: 2 } }, null, 2)}\n`;
}
