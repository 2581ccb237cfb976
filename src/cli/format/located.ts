/**
 * What the text formats (stylish, json, github) read: each tree's findings as the
 * engine returned them, with the function that shows a root-relative path as the user
 * sees it (relative to the cwd). No record is built per finding: a pathological file
 * has ~100,000 findings (issue 16, bench/linear.mjs), and copying each one into a
 * display record cost more than checking it.
 */
import type { Diagnostic, Related } from '../../core/diagnostic.js';

export interface LocatedTree {
  readonly diagnostics: readonly Diagnostic[];
  /** A root-relative path as shown: relative to the cwd, '/'-separated. */
  readonly display: (path: string) => string;
}

/** `file:line:column`, as editors and the GitHub problem matcher read it. */
export function where(path: string, d: { span?: { start: { line: number; column: number } } }): string {
  return `${path}:${d.span?.start.line ?? 1}:${d.span?.start.column ?? 1}`;
}

/** A related place (first definition, the heading an entry points to) as shown. */
export function relatedWhere(tree: LocatedTree, r: Related): string {
  return where(tree.display(r.path), r);
}

export function summaryCounts(trees: readonly LocatedTree[]): { errors: number; warnings: number; fixable: number } {
  let errors = 0;
  let warnings = 0;
  let fixable = 0;
  for (const { diagnostics } of trees) {
    for (const d of diagnostics) {
      if (d.severity === 'error') errors++;
      else warnings++;
      if (d.fix) fixable++;
    }
  }
  return { errors, warnings, fixable };
}
