/**
 * What both reports of `memdex recall` show, as data: the summary lines of a period
 * and every table (header and rows). render-markdown.ts and render-html.ts only
 * format them, so the two reports cannot disagree on a column.
 */
import { recallMessages } from '../messages/recall.js';
import type { Period, RecallReport } from './metrics.js';
import { RECALL_KINDS, SPONTANEOUS_KINDS } from './observe.js';

const w = recallMessages.report;

export type Cell = string | number;

export interface ReportTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** The summary lines of a period, label then value: shared by the summary and the before/after table. */
export function periodRows(p: Period): [string, Cell][] {
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

/** Entries with something to show: an opportunity or a recall in these sessions (the JSON report lists every entry). */
export function entriesWithData(report: RecallReport): RecallReport['entries'] {
  return report.entries.filter((e) => e.opportunities > 0 || e.recalls > 0);
}

/**
 * The entries never recalled, split for the reader: those the prompts were about
 * (an opportunity each, the actionable ones) listed, the rest only counted.
 */
export function neverRecalled(report: RecallReport): { readonly missed: readonly string[]; readonly quiet: number } {
  const withOpportunity = new Set(report.entries.filter((e) => e.opportunities > 0).map((e) => e.entry));
  const missed = report.neverRecalled.filter((l) => withOpportunity.has(l));
  return { missed, quiet: report.neverRecalled.length - missed.length };
}

/** The report's tables; `split` (before/after a date, with its heading) only when the report has one. */
export function reportTables(report: RecallReport): {
  readonly kinds: ReportTable;
  readonly entries: ReportTable;
  readonly misses: ReportTable;
  readonly weekly: ReportTable;
  readonly split?: ReportTable & { readonly title: string };
} {
  const t = report.totals;
  const tables = {
    kinds: { header: w.kindHeader, rows: RECALL_KINDS.map((k) => [w.kind[k], t.byKind[k], w.who(SPONTANEOUS_KINDS.has(k))]) },
    entries: { header: w.entryHeader, rows: entriesWithData(report).map((e) => [e.entry, e.opportunities, e.opportunitiesFollowed, e.recalls, e.lastRecalled ?? '']) },
    misses: { header: w.missHeader, rows: report.topMisses.map((m) => [m.query, w.missReason[m.reason] ?? m.reason, m.count]) },
    weekly: { header: w.weekHeader, rows: report.weekly.map((p) => [p.week, p.sessions, p.sessionsWithRecall, p.recalls, p.spontaneous, p.prompted, w.percent(p.opportunityRecall)]) },
  };
  if (report.split === null) return tables;
  const { before, earlier, later } = report.split;
  const laterRows = periodRows(later);
  return { ...tables, split: { title: w.split(before), header: w.splitHeader(before), rows: periodRows(earlier).map(([label, value], i) => [label, value, laterRows[i]![1]]) } };
}
