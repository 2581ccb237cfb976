/**
 * `--format junit`: the report as JUnit XML, for CI systems that show test results
 * (Jenkins, GitLab, Azure Pipelines), in the shape of ESLint's junit formatter: one
 * `<testsuite>` per file with findings, one `<testcase>` per finding named after its rule,
 * whose `<failure type="error|warning">` holds `line L, col C, Error - message (rule)`. A clean run is one passing test case, so a
 * CI that counts tests sees memdex ran. Text is escaped for XML 1.0: `& < > " '` as
 * entities, and the characters XML cannot hold (controls other than tab and newline)
 * dropped, so a heading cannot break the document.
 */
import type { Diagnostic } from '../../core/diagnostic.js';
import type { LocatedTree } from './located.js';
import { escapeControls } from '../../core/terminal-text.js';

/** XML 1.0 has no place for these (not even as character references). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A field of the report: XML, then escaped for the terminal (core/terminal-text.ts; C1 controls and bidi marks are XML). */
const field = (text: string) => escapeControls(xmlEscape(text));

export function* formatJunit(trees: readonly LocatedTree[]): Generator<string> {
  yield '<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n';
  let any = false;
  for (const tree of trees) {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of tree.diagnostics) {
      const file = tree.display(d.path);
      (byFile.get(file) ?? byFile.set(file, []).get(file)!).push(d);
    }
    for (const [file, findings] of byFile) {
      any = true;
      const errors = findings.filter((d) => d.severity === 'error').length;
      const name = field(file);
      const lines = [`<testsuite package="memdex" time="0" tests="${findings.length}" errors="${errors}" failures="${findings.length - errors}" name="${name}">`];
      for (const d of findings) {
        const line = d.span?.start.line ?? 1;
        const column = d.span?.start.column ?? 1;
        const label = d.severity === 'error' ? 'Error' : 'Warning';
        const detail = `line ${line}, col ${column}, ${label} - ${d.message} (${d.ruleId})`;
        lines.push(
          `<testcase time="0" name="memdex.${field(d.ruleId)}" classname="${name}"><failure message="${field(d.message)}" type="${d.severity}">${field(detail)}</failure></testcase>`,
        );
      }
      lines.push('</testsuite>\n');
      yield lines.join('\n');
    }
  }
  if (!any) yield '<testsuite package="memdex" time="0" tests="1" errors="0" failures="0" name="memdex check">\n<testcase time="0" name="memdex check" classname="memdex"></testcase>\n</testsuite>\n';
  yield '</testsuites>\n';
}
