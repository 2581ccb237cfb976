import type { Located } from './located.js';

/** A stable array: one object per finding, positions 1-based. */
export function formatJson(diagnostics: readonly Located[]): string {
  return `${JSON.stringify(
    diagnostics.map((d) => ({
      ruleId: d.ruleId,
      severity: d.severity,
      file: d.displayPath,
      line: d.span?.start.line ?? 1,
      column: d.span?.start.column ?? 1,
      endLine: d.span?.end.line ?? 1,
      endColumn: d.span?.end.column ?? 1,
      message: d.message,
      related: d.relatedDisplay,
      fixable: d.fix !== undefined,
    })),
    null,
    2,
  )}\n`;
}

/**
 * A fatal input error (a file memdex cannot read, a malformed config) as JSON: an
 * object instead of the findings array, so a consumer cannot mistake it for a
 * clean tree. Documented in README (check, --format json).
 */
export function formatJsonError(message: string): string {
  return `${JSON.stringify({ error: { message, exitCode: 2 } }, null, 2)}\n`;
}
