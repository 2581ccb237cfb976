/** The markdown report of `memdex recall` (the words are src/messages/recall.ts). */
import { recallMessages } from '../messages/recall.js';
import type { Period, RecallReport } from './metrics.js';
import { RECALL_KINDS, SPONTANEOUS_KINDS } from './observe.js';

const w = recallMessages.report;

/** A markdown table; `|` in cells escaped so an entry's text cannot break the table. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The summary lines of a period, label then value: shared by the summary and the before/after table. */
export function periodRows(p: Period): [string, string | number][] {
  return [
    [w.sessions, p.sessions],
    [w.sessionsWithRecall, p.sessionsWithRecall],
    [w.recalls, p.recalls],
    [w.spontaneous, p.spontaneous],
    [w.prompted, p.prompted],
    [w.misses, p.misses],
    [w.refused, p.refused],
    [w.opportunities, p.opportunities],
    [w.followed, p.opportunitiesFollowed],
    [w.opportunityRecall, w.percent(p.opportunityRecall)],
  ];
}

export function renderMarkdown(report: RecallReport): string {
  const t = report.totals;
  const parts = [
    `# ${w.title}`,
    w.scope(report.root, report.transcripts, t.sessions, report.firstSession, report.lastSession),
    `## ${w.summary}`,
    periodRows(t)
      .map(([label, value]) => `- ${label}: **${value}**`)
      .join('\n'),
    w.thresholdNote(report.rankerThreshold),
    `## ${w.byKind}`,
    markdownTable(
      w.kindHeader,
      RECALL_KINDS.map((k) => [w.kind[k], t.byKind[k], w.who(SPONTANEOUS_KINDS.has(k))]),
    ),
    `## ${w.perEntry}`,
    markdownTable(
      w.entryHeader,
      report.entries.map((e) => [e.entry, e.opportunities, e.opportunitiesFollowed, e.recalls, e.lastRecalled ?? '']),
    ),
    `## ${w.never}`,
    report.neverRecalled.length === 0 ? w.none : report.neverRecalled.map((l) => `- ${l}`).join('\n'),
    `## ${w.topMisses}`,
    report.topMisses.length === 0 ? w.none : markdownTable(w.missHeader, report.topMisses.map((m) => [m.query, w.missReason[m.reason] ?? m.reason, m.count])),
    `## ${w.weekly}`,
    markdownTable(
      w.weekHeader,
      report.weekly.map((p) => [p.week, p.sessions, p.sessionsWithRecall, p.recalls, p.spontaneous, p.prompted, w.percent(p.opportunityRecall)]),
    ),
  ];
  if (report.split !== null) {
    const earlier = periodRows(report.split.earlier);
    const later = periodRows(report.split.later);
    parts.push(`## ${w.split(report.split.before)}`, markdownTable(w.splitHeader(report.split.before), earlier.map(([label, value], i) => [label, value, later[i]![1]])));
  }
  if (report.unreadable.length > 0) parts.push(`## ${w.unreadable}`, report.unreadable.map((u) => `- \`${u.path}\`: ${u.reason}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
