/**
 * GitHub Actions workflow commands. GitHub shows at most 10 error and 10 warning
 * annotations per step, so those are emitted as annotations and everything is also
 * printed as plain lines and (when available) appended to the step summary.
 *
 * Every field of every line is escaped, because file names and headings are
 * attacker-controlled (a pull request can add `a\n::warning ...::.md`): the runner
 * executes any output line that starts, after blanks, with `::`. GitHub's own escaping
 * (%25 %0D %0A for data, plus %3A %2C for properties) keeps each diagnostic on one
 * line, and plain lines start with the escaped path (no `:`), so no line we print can
 * begin a command (the legacy `##[` form, matched anywhere in a line, is broken up). The summary is GitHub-flavoured markdown: a raw `|` would add a
 * cell, a newline end the row, and HTML render; cells are escaped for that too.
 */
import { formatMessages as fm } from '../../messages/format.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { LocatedTree } from './located.js';

export const ANNOTATIONS_PER_SEVERITY = 10;

/** The runner still honours the legacy `##[command]` form anywhere in a line: its `[` is escaped too. */
const escapeData = (s: string) =>
  s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/##\[/g, '##%5B');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A plain-text markdown table cell: one line, no cell break, no HTML. */
const markdownCell = (s: string) => escapeData(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|');
/** A code cell: every punctuation character as an entity, so no backtick, pipe or tag can close it. */
const codeCell = (s: string) => `<code>${escapeData(s).replace(/[^\w ./:%-]/g, (c) => `&#${c.codePointAt(0)};`)}</code>`;

const lineCol = (d: Diagnostic) => `${d.span?.start.line ?? 1}:${d.span?.start.column ?? 1}`;

/** GitHub truncates a step summary past 1 MiB (and then shows none of it): ours stops under that. */
export const SUMMARY_MAX_CHARS = 900_000;

/** The log, a line at a time: the annotations first, then every finding as a plain line. */
export function* formatGithub(trees: readonly LocatedTree[]): Generator<string> {
  const shown = { error: 0, warning: 0 };
  let hidden = 0;
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      if (shown[d.severity] >= ANNOTATIONS_PER_SEVERITY) {
        hidden++;
        continue;
      }
      shown[d.severity]++;
      const props = [
        `file=${escapeProperty(tree.display(d.path))}`,
        `line=${d.span?.start.line ?? 1}`,
        `col=${d.span?.start.column ?? 1}`,
        `endLine=${d.span?.end.line ?? 1}`,
        `endColumn=${d.span?.end.column ?? 1}`,
        `title=${escapeProperty(d.ruleId)}`,
      ].join(',');
      yield `::${d.severity} ${props}::${escapeData(d.message)}\n`;
    }
  }
  for (const tree of trees) {
    for (const d of tree.diagnostics) yield `${escapeProperty(tree.display(d.path))}:${lineCol(d)} ${d.severity} ${escapeData(d.ruleId)} ${escapeData(d.message)}\n`;
  }
  if (hidden > 0) yield `${fm.githubMore(hidden)}\n`;
}

/** The step summary (markdown), at most SUMMARY_MAX_CHARS: rows past that are not built. */
export function githubSummary(trees: readonly LocatedTree[]): string {
  if (trees.every((t) => t.diagnostics.length === 0)) return `${fm.githubSummaryTitle}\n\n${fm.clean(1)}\n`;
  const parts = [fm.githubSummaryTitle, '', fm.githubSummaryHeader, '|---|---|---|---|'];
  let length = 0;
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      if (length > SUMMARY_MAX_CHARS) break;
      const row = `| ${d.severity} | ${codeCell(`${tree.display(d.path)}:${lineCol(d)}`)} | ${markdownCell(d.message)} | ${markdownCell(d.ruleId)} |`;
      parts.push(row);
      length += row.length + 1;
    }
  }
  parts.push('');
  return parts.join('\n').slice(0, SUMMARY_MAX_CHARS);
}
