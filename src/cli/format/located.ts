import type { Diagnostic } from '../../core/diagnostic.js';

/** A diagnostic with its file path as shown to the user (relative to the cwd). */
export interface Located extends Diagnostic {
  readonly displayPath: string;
  /** Related locations with display paths. */
  readonly relatedDisplay: readonly { readonly where: string; readonly message: string }[];
}

export function where(path: string, d: { span?: { start: { line: number; column: number } } }): string {
  return `${path}:${d.span?.start.line ?? 1}:${d.span?.start.column ?? 1}`;
}

export function summaryCounts(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; fixable: number } {
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    fixable: diagnostics.filter((d) => d.fix).length,
  };
}
