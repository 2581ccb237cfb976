/** The markdown report of `memdex recall` (the words are src/messages/recall.ts). */
import { recallMessages } from '../messages/recall.js';
import type { RecallReport } from './metrics.js';
import { periodRows, reportTables, type Cell, type ReportTable } from './report-tables.js';

const w = recallMessages.report;

/** A markdown table; `|` in cells escaped so an entry's text cannot break the table. */
export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (value: Cell) => String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly Cell[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderMarkdown(report: RecallReport): string {
  const t = report.totals;
  const tables = reportTables(report);
  const table = ({ header, rows }: ReportTable) => markdownTable(header, rows);
  const parts = [
    `# ${w.title}`,
    w.scope(report.root, report.transcripts, t.sessions, report.firstSession, report.lastSession),
    `## ${w.summary}`,
    periodRows(t)
      .map(([label, value]) => `- ${label}: **${value}**`)
      .join('\n'),
    w.thresholdNote(report.rankerThreshold),
    `## ${w.byKind}`,
    table(tables.kinds),
    `## ${w.perEntry}`,
    table(tables.entries),
    `## ${w.never}`,
    report.neverRecalled.length === 0 ? w.none : report.neverRecalled.map((l) => `- ${l}`).join('\n'),
    `## ${w.topMisses}`,
    tables.misses.rows.length === 0 ? w.none : table(tables.misses),
    `## ${w.weekly}`,
    table(tables.weekly),
  ];
  if (tables.split) parts.push(`## ${tables.split.title}`, table(tables.split));
  if (report.unreadable.length > 0) parts.push(`## ${w.unreadable}`, report.unreadable.map((u) => `- \`${u.path}\`: ${u.reason}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
