/**
 * The report of `memdex recall`: sessions' results folded into the metrics the
 * /when design is judged by (docs/recall.md, schemas/recall-report.schema.json).
 * Pure; the caller passes the sessions in chronological order and the time.
 *
 * Periods (the whole run, each ISO week, before/after `--before`) all have the
 * same shape, so one fold computes them. A session belongs to the week and side
 * of its start (its first timestamped record). A session "with a recall" reached,
 * or tried to reach, an entry: the playbook block alone does not count, since
 * every session with the hooks installed has it.
 */
import type { MissReason, SessionResult } from './analyze-session.js';
import { RECALL_KINDS, SPONTANEOUS_KINDS, type RecallKind } from './observe.js';

export const REPORT_SCHEMA_VERSION = 1;
/** Misses listed, most frequent first. */
export const TOP_MISSES = 10;
const DAY_MS = 86_400_000;

export interface Period {
  readonly sessions: number;
  readonly sessionsWithRecall: number;
  readonly recalls: number;
  readonly spontaneous: number;
  readonly prompted: number;
  readonly byKind: Readonly<Record<RecallKind, number>>;
  readonly misses: number;
  readonly refused: number;
  readonly opportunities: number;
  readonly opportunitiesFollowed: number;
  /** opportunitiesFollowed / opportunities; null without opportunities. */
  readonly opportunityRecall: number | null;
}

export interface EntryFigures {
  readonly entry: string;
  readonly opportunities: number;
  readonly opportunitiesFollowed: number;
  readonly recalls: number;
  readonly lastRecalled: string | null;
}

export interface RecallReport {
  readonly schemaVersion: number;
  readonly generatedAt: string;
  readonly root: string;
  readonly transcripts: string;
  readonly filters: {
    readonly since: string | null;
    readonly until: string | null;
    readonly sessions: number | null;
    readonly before: string | null;
    readonly includeSubagents: boolean;
  };
  readonly rankerThreshold: number;
  readonly firstSession: string | null;
  readonly lastSession: string | null;
  readonly totals: Period;
  readonly entries: readonly EntryFigures[];
  readonly neverRecalled: readonly string[];
  readonly topMisses: readonly { readonly query: string; readonly reason: MissReason; readonly count: number }[];
  readonly weekly: readonly (Period & { readonly week: string })[];
  readonly split: { readonly before: string; readonly earlier: Period; readonly later: Period } | null;
  readonly unreadable: readonly { readonly path: string; readonly reason: string }[];
}

export type ReportHeader = Pick<RecallReport, 'generatedAt' | 'root' | 'transcripts' | 'filters' | 'rankerThreshold' | 'unreadable'>;

function period(sessions: readonly SessionResult[]): Period {
  const byKind = Object.fromEntries(RECALL_KINDS.map((k) => [k, 0])) as Record<RecallKind, number>;
  let withRecall = 0;
  let misses = 0;
  let refused = 0;
  let opportunities = 0;
  let followed = 0;
  for (const s of sessions) {
    if (s.recalls.some((r) => r.kind !== 'playbook')) withRecall++;
    for (const r of s.recalls) {
      byKind[r.kind]++;
      if (r.miss !== undefined) misses++;
    }
    refused += s.refused;
    opportunities += s.opportunities.length;
    followed += s.opportunities.filter((o) => o.followed).length;
  }
  const spontaneous = RECALL_KINDS.filter((k) => SPONTANEOUS_KINDS.has(k)).reduce((n, k) => n + byKind[k], 0);
  const recalls = RECALL_KINDS.reduce((n, k) => n + byKind[k], 0);
  return {
    sessions: sessions.length,
    sessionsWithRecall: withRecall,
    recalls,
    spontaneous,
    prompted: recalls - spontaneous,
    byKind,
    misses,
    refused,
    opportunities,
    opportunitiesFollowed: followed,
    opportunityRecall: opportunities === 0 ? null : followed / opportunities,
  };
}

/** ISO 8601 week of a timestamp's UTC date, `2026-W47`. */
export function isoWeek(timestamp: string): string | undefined {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  const day = (date.getUTCDay() + 6) % 7;
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  // The week holding a year's first Thursday is its week 1.
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Every ISO week from the one of `first` to the one of `last`, gaps included (a chart's x axis: an empty week is a week). */
export function weeksBetween(first: string, last: string): string[] {
  const start = Date.parse(first);
  const end = Date.parse(last);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const weeks: string[] = [];
  for (let time = start; ; time += 7 * DAY_MS) {
    const week = isoWeek(new Date(Math.min(time, end)).toISOString())!;
    if (weeks.at(-1) !== week) weeks.push(week);
    if (time >= end) return weeks;
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [item]);
    else list.push(item);
  }
  return groups;
}

/** `labels`: every index entry, in index order (entries never recalled keep that order). */
export function buildReport(header: ReportHeader, labels: readonly string[], sessions: readonly SessionResult[]): RecallReport {
  const figures = new Map(labels.map((entry) => [entry, { entry, opportunities: 0, opportunitiesFollowed: 0, recalls: 0, lastRecalled: null as string | null }]));
  const misses = new Map<string, { query: string; reason: MissReason; count: number }>();
  for (const s of sessions) {
    for (const o of s.opportunities) {
      const f = figures.get(o.entry);
      if (f === undefined) continue;
      f.opportunities++;
      if (o.followed) f.opportunitiesFollowed++;
    }
    for (const r of s.recalls) {
      for (const entry of r.entries) {
        const f = figures.get(entry);
        if (f === undefined) continue;
        f.recalls++;
        const at = r.timestamp ?? s.start ?? null;
        if (at !== null && (f.lastRecalled === null || at > f.lastRecalled)) f.lastRecalled = at;
      }
      if (r.miss !== undefined) {
        const key = `${r.miss.reason}\u0000${r.miss.query}`;
        const m = misses.get(key) ?? { ...r.miss, count: 0 };
        m.count++;
        misses.set(key, m);
      }
    }
  }
  const entries = [...figures.values()].sort((a, b) => b.recalls - a.recalls || b.opportunities - a.opportunities);
  const before = header.filters.before;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    ...header,
    firstSession: sessions[0]?.start ?? null,
    lastSession: sessions.at(-1)?.start ?? null,
    totals: period(sessions),
    entries,
    neverRecalled: labels.filter((l) => figures.get(l)!.recalls === 0),
    topMisses: [...misses.values()].sort((a, b) => b.count - a.count || (a.query < b.query ? -1 : 1)).slice(0, TOP_MISSES),
    weekly: [...groupBy(sessions, (s) => (s.start === undefined ? undefined : isoWeek(s.start)))]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([week, list]) => ({ week, ...period(list) })),
    split:
      before === null
        ? null
        : {
            before,
            earlier: period(sessions.filter((s) => s.start !== undefined && s.start < before)),
            later: period(sessions.filter((s) => s.start === undefined || s.start >= before)),
          },
  };
}
