import type { Severity } from '../model/config.js';
import type { Span } from '../model/span.js';

export type { Severity } from '../model/config.js';
export type { Point, Span } from '../model/span.js';

/** Replace `text.slice(range[0], range[1])` of the file at `path` with `text`. Insert: start === end. */
export interface Edit {
  readonly path: string;
  readonly range: readonly [start: number, end: number];
  readonly text: string;
}

/** All-or-nothing: every edit of a fix is applied in one pass, or none is. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly Edit[];
}

/** Another place that explains the finding ("first defined here"). */
export interface Related {
  readonly path: string;
  readonly span?: Span;
  readonly message: string;
}

export interface Diagnostic {
  readonly ruleId: string;
  readonly severity: Severity;
  /** Root-relative, '/'-separated. */
  readonly path: string;
  /** Every finding has a position (a whole-file finding spans the file; a missing file points at 1:1). */
  readonly span: Span;
  /** What is wrong and what is expected. */
  readonly message: string;
  readonly related?: readonly Related[];
  readonly fix?: Fix;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareStrings(a.path, b.path) ||
    a.span.start.line - b.span.start.line ||
    a.span.start.column - b.span.start.column ||
    compareStrings(a.ruleId, b.ruleId) ||
    compareStrings(a.message, b.message)
  );
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
