/**
 * The HTML report of `memdex recall`: one self-contained page (no network) with
 * the markdown report's tables and three charts drawn by a charting library
 * (chartist, SVG) whose script and stylesheet are inlined by the caller: the
 * trend over weeks, recall by kind, per-entry bars. The report's data goes in as
 * JSON, escaped so that no entry text can close the script element.
 *
 * What a reader sees (test/recall/html-report.test.ts checks it on screenshots in
 * chromium): the actionable part first, as in the markdown report; the weeks of the
 * trend on a real time axis (a week without sessions is a point at zero, not skipped);
 * two series in two colours anyone can tell apart (Okabe–Ito blue and orange,
 * distinct for the colour-blind, lighter on a dark page); a page that fits a phone
 * (viewport) and follows the reader's dark mode; the per-entry chart only with
 * entries that have data; and a sentence instead of empty axes when there is nothing
 * to draw.
 */
import { recallMessages } from '../messages/recall.js';
import type { RecallReport } from './metrics.js';
import { RECALL_KINDS } from './observe.js';
import { weeksBetween } from './metrics.js';
import { entriesWithData, neverRecalled, periodRows, reportTables, type Cell, type ReportTable } from './report-tables.js';

const w = recallMessages.report;

/** Entries drawn in the per-entry chart (the table lists them all): the most recalled, then the most missed. */
export const CHART_ENTRIES = 30;
/** Bar chart height per entry, pixels: one readable label a bar. */
const ENTRY_BAR_PX = 22;
/** The two series' colours (Okabe & Ito's palette): light page, dark page. */
const SERIES_COLOURS = { light: ['#0072b2', '#e69f00'], dark: ['#56b4e9', '#e69f00'] } as const;

export interface ChartLibrary {
  readonly name: string;
  readonly version: string;
  readonly script: string;
  readonly style: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside `<script>`: `<`, U+2028/9 escaped. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function table({ header, rows }: ReportTable): string {
  const cells = (tag: string, list: readonly Cell[]) => list.map((c) => `<${tag}>${escapeHtml(String(c))}</${tag}>`).join('');
  return `<table><thead><tr>${cells('th', header)}</tr></thead><tbody>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody></table>`;
}

/**
 * A horizontal bar chart draws its first label at the bottom: labels and values go in
 * reversed so the list reads top-down. (The library's `reverseData` would also swap
 * the series, and with them their colours and legend.)
 */
function topDown(labels: readonly string[], series: readonly (readonly number[])[]) {
  return { labels: [...labels].reverse(), series: series.map((values) => [...values].reverse()) };
}

export function renderHtml(report: RecallReport, library: ChartLibrary): string {
  const t = report.totals;
  const tables = reportTables(report);
  const chartEntries = entriesWithData(report).slice(0, CHART_ENTRIES);
  const byWeek = new Map(report.weekly.map((p) => [p.week, p]));
  const weeks = report.firstSession !== null && report.lastSession !== null ? weeksBetween(report.firstSession, report.lastSession) : [];
  const never = neverRecalled(report);
  const data = {
    trend: {
      labels: weeks,
      series: [weeks.map((week) => byWeek.get(week)?.sessions ?? 0), weeks.map((week) => byWeek.get(week)?.sessionsWithRecall ?? 0)],
    },
    kinds: topDown(RECALL_KINDS.map((k) => w.kind[k]), [RECALL_KINDS.map((k) => t.byKind[k])]),
    entries: topDown(
      chartEntries.map((e) => e.entry),
      [chartEntries.map((e) => e.recalls), chartEntries.map((e) => e.opportunities)],
    ),
    entryHeight: Math.max(120, chartEntries.length * ENTRY_BAR_PX * 2),
  };
  const legend = (names: readonly string[]) =>
    `<p class="legend">${names.map((n, i) => `<span class="key s${i}"></span>${escapeHtml(n)}`).join(' ')}</p>`;
  const chart = (id: string, drawn: boolean, empty: string, legendNames?: readonly string[]) =>
    drawn ? `${legendNames ? legend(legendNames) : ''}<div id="${id}" class="chart"></div>` : `<p class="empty" id="${id}-empty">${escapeHtml(empty)}</p>`;
  const sessions = t.sessions > 0;
  const sections = [
    `<h1>${escapeHtml(w.title)}</h1>`,
    `<p>${escapeHtml(w.scope(report.root, report.transcripts, t.sessions, report.firstSession, report.lastSession).replace(/`/g, ''))}</p>`,
    `<h2>${escapeHtml(w.summary)}</h2>`,
    `<dl id="summary">${periodRows(t)
      .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(String(value))}</dd>`)
      .join('')}</dl>`,
    `<p>${escapeHtml(w.thresholdNote(report.rankerThreshold))}</p>`,
    `<h2>${escapeHtml(w.topMisses)}</h2>`,
    tables.misses.rows.length === 0 ? `<p>${escapeHtml(w.none)}</p>` : table(tables.misses),
    `<h2>${escapeHtml(w.neverMissed)}</h2>`,
    never.missed.length > 0 ? `<ul>${never.missed.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : `<p>${escapeHtml(w.none)}</p>`,
    never.quiet > 0 ? `<p>${escapeHtml(w.neverQuiet(never.quiet, never.missed.length > 0))}.</p>` : '',
    `<h2>${escapeHtml(w.chartTrend)}</h2>`,
    chart('chart-trend', sessions, w.noSessions, [w.seriesSessions, w.seriesWithRecall]),
    `<h2>${escapeHtml(w.chartKinds)}</h2>`,
    chart('chart-kinds', t.recalls > 0, sessions ? w.none : w.noSessions),
    table(tables.kinds),
    `<h2>${escapeHtml(w.chartEntries)}</h2>`,
    chart('chart-entries', chartEntries.length > 0, sessions ? w.noEntryData : w.noSessions, [w.seriesRecalls, w.seriesOpportunities]),
    `<h2>${escapeHtml(w.perEntry)}</h2>`,
    tables.entries.rows.length === 0 ? `<p>${escapeHtml(w.noEntryData)}</p>` : table(tables.entries),
    report.entries.length > tables.entries.rows.length && tables.entries.rows.length > 0 ? `<p>${escapeHtml(w.entriesOmitted(report.entries.length - tables.entries.rows.length))}</p>` : '',
    `<h2>${escapeHtml(w.weekly)}</h2>`,
    tables.weekly.rows.length === 0 ? `<p>${escapeHtml(w.none)}</p>` : table(tables.weekly),
  ].filter((section) => section !== '');
  if (tables.split) sections.push(`<h2>${escapeHtml(tables.split.title)}</h2>`, table(tables.split));
  const [lightA, lightB] = SERIES_COLOURS.light;
  const [darkA, darkB] = SERIES_COLOURS.dark;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(w.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="memdex recall; charts: ${escapeHtml(library.name)} ${escapeHtml(library.version)}">
<style>${library.style}</style>
<style>
:root{color-scheme:light dark;--fg:#222;--bg:#fff;--rule:#ccc;--muted:rgba(0,0,0,.55);--grid:rgba(0,0,0,.2);--a:${lightA};--b:${lightB}}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#16181c;--rule:#444;--muted:rgba(255,255,255,.65);--grid:rgba(255,255,255,.22);--a:${darkA};--b:${darkB}}}
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:960px;color:var(--fg);background:var(--bg);padding:0 1em}
table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;overflow-x:auto;max-width:100%}td,th{border:1px solid var(--rule);padding:.2em .6em;text-align:left}
td:nth-child(n+2){text-align:right}dl{display:grid;grid-template-columns:fit-content(70%) auto;gap:.1em 1em}dd{margin:0;font-weight:600}
td,li,dt{overflow-wrap:anywhere}
.chart{width:100%;height:260px}.legend .key{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;vertical-align:middle}
.legend .s0{background:var(--a)}.legend .s1{background:var(--b)}.empty{color:var(--muted);font-style:italic}
.ct-label{fill:var(--muted);color:var(--muted)}.ct-grid{stroke:var(--grid)}
.ct-series-a .ct-bar,.ct-series-a .ct-line,.ct-series-a .ct-point{stroke:var(--a)}
.ct-series-b .ct-bar,.ct-series-b .ct-line,.ct-series-b .ct-point{stroke:var(--b)}
</style></head><body>
${sections.join('\n')}
<script>${library.script.replace(/<\/script/gi, '<\\/script')}</script>
<script>
const data = ${scriptJson(data)};
const whole = { onlyInteger: true, low: 0 };
const narrow = window.matchMedia('(max-width: 600px)').matches;
const draw = (id, make) => { if (document.getElementById(id)) make(); };
draw('chart-trend', () => new Chartist.LineChart('#chart-trend', data.trend, { axisY: whole, fullWidth: true, lineSmooth: false, chartPadding: { right: 60 } }));
draw('chart-kinds', () => new Chartist.BarChart('#chart-kinds', data.kinds, { horizontalBars: true, axisX: whole, axisY: { offset: narrow ? 120 : 200 } }));
draw('chart-entries', () => {
  document.getElementById('chart-entries').style.height = data.entryHeight + 'px';
  new Chartist.BarChart('#chart-entries', data.entries, { horizontalBars: true, axisX: whole, axisY: { offset: narrow ? 140 : 260 } });
});
</script>
</body></html>
`;
}
