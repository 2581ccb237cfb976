/**
 * The markdown report of `memdex recall` (the words are src/messages/recall.ts).
 *
 * What a reader acts on comes first: the summary, then the top misses (queries the
 * index has no entry for: gaps to fill) and the entries prompts were about but no
 * session recalled; then the per-entry figures (only entries with an opportunity or
 * a recall: a tree of 400 entries and 4 sessions is a few rows, not 800 lines of
 * zeros), the kinds, the weekly trend.
 *
 * Every text from a transcript or the tree (queries, entries, paths) is data: as in
 * the HTML report, it is escaped, so a query `<img src=x onerror=…>` or
 * `![](https://…)` shows as the text it is, never as HTML or a remote image when the
 * report is rendered (markdownText).
 */
import { recallMessages } from '../messages/recall.js';
import type { RecallReport } from './metrics.js';
import { entriesWithData, neverRecalled, periodRows, reportTables, type Cell, type ReportTable } from './report-tables.js';

const w = recallMessages.report;

/**
 * Text shown as itself in markdown: HTML's `& < >` as entities, markdown's own
 * punctuation (emphasis, code, links and images, tables, escapes) backslash-escaped,
 * a line break as a space.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]()!|#~]/g, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`) // after: an entity's own `#` is not escaped
    .replace(/\r?\n|\r/g, ' ');
}

/** A markdown table, every cell escaped (markdownText): an entry's text cannot break the table or render. */
export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (value: Cell) => (typeof value === 'number' ? String(value) : markdownText(value));
  const line = (cells: readonly Cell[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderMarkdown(report: RecallReport): string {
  const t = report.totals;
  const tables = reportTables(report);
  const table = ({ header, rows }: ReportTable) => markdownTable(header, rows);
  const never = neverRecalled(report);
  const omitted = report.entries.length - entriesWithData(report).length;
  const parts = [
    `# ${w.title}`,
    markdownText(w.scope(report.root, report.transcripts, t.sessions, report.firstSession, report.lastSession).replace(/`/g, '')),
    `## ${w.summary}`,
    periodRows(t)
      .map(([label, value]) => `- ${label}: **${value}**`)
      .join('\n'),
    w.thresholdNote(report.rankerThreshold),
    `## ${w.topMisses}`,
    tables.misses.rows.length === 0 ? w.none : table(tables.misses),
    `## ${w.neverMissed}`,
    [never.missed.length > 0 ? never.missed.map((l) => `- ${markdownText(l)}`).join('\n') : w.none, ...(never.quiet > 0 ? [`${w.neverQuiet(never.quiet, never.missed.length > 0)}.`] : [])].join('\n\n'),
    `## ${w.perEntry}`,
    [tables.entries.rows.length === 0 ? w.noEntryData : table(tables.entries), ...(omitted > 0 && tables.entries.rows.length > 0 ? [w.entriesOmitted(omitted)] : [])].join('\n\n'),
    `## ${w.byKind}`,
    table(tables.kinds),
    `## ${w.weekly}`,
    tables.weekly.rows.length === 0 ? w.none : table(tables.weekly),
  ];
  if (tables.split) parts.push(`## ${markdownText(tables.split.title)}`, table(tables.split));
  if (report.unreadable.length > 0) parts.push(`## ${w.unreadable}`, report.unreadable.map((u) => `- ${markdownText(u.path)}: ${markdownText(u.reason)}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
