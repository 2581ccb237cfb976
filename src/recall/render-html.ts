/**
 * The HTML report of `memdex recall`: one self-contained page (no network) with
 * the markdown report's tables and three charts drawn by a charting library
 * (chartist, SVG) whose script and stylesheet are inlined by the caller: the
 * trend over weeks, recall by kind, per-entry bars. The report's data goes in as
 * JSON, escaped so that no entry text can close the script element.
 */
import { recallMessages } from '../messages/recall.js';
import type { RecallReport } from './metrics.js';
import { RECALL_KINDS } from './observe.js';
import { periodRows, reportTables, type Cell, type ReportTable } from './report-tables.js';

const w = recallMessages.report;

/** Entries drawn in the per-entry chart (the table lists them all): the most recalled, then the most missed. */
export const CHART_ENTRIES = 30;
/** Bar chart height per entry, pixels: one readable label a bar. */
const ENTRY_BAR_PX = 22;

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
  const chartEntries = report.entries.slice(0, CHART_ENTRIES);
  const data = {
    trend: {
      labels: report.weekly.map((p) => p.week),
      series: [report.weekly.map((p) => p.sessions), report.weekly.map((p) => p.sessionsWithRecall)],
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
  const sections = [
    `<h1>${escapeHtml(w.title)}</h1>`,
    `<p>${escapeHtml(w.scope(report.root, report.transcripts, t.sessions, report.firstSession, report.lastSession).replace(/`/g, ''))}</p>`,
    `<h2>${escapeHtml(w.summary)}</h2>`,
    `<dl id="summary">${periodRows(t)
      .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(String(value))}</dd>`)
      .join('')}</dl>`,
    `<p>${escapeHtml(w.thresholdNote(report.rankerThreshold))}</p>`,
    `<h2>${escapeHtml(w.chartTrend)}</h2>`,
    legend([w.seriesSessions, w.seriesWithRecall]),
    '<div id="chart-trend" class="chart"></div>',
    `<h2>${escapeHtml(w.chartKinds)}</h2>`,
    '<div id="chart-kinds" class="chart"></div>',
    table(tables.kinds),
    `<h2>${escapeHtml(w.chartEntries)}</h2>`,
    legend([w.seriesRecalls, w.seriesOpportunities]),
    '<div id="chart-entries" class="chart"></div>',
    `<h2>${escapeHtml(w.perEntry)}</h2>`,
    table(tables.entries),
    `<h2>${escapeHtml(w.never)}</h2>`,
    report.neverRecalled.length === 0 ? `<p>${escapeHtml(w.none)}</p>` : `<ul>${report.neverRecalled.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<h2>${escapeHtml(w.topMisses)}</h2>`,
    tables.misses.rows.length === 0 ? `<p>${escapeHtml(w.none)}</p>` : table(tables.misses),
    `<h2>${escapeHtml(w.weekly)}</h2>`,
    table(tables.weekly),
  ];
  if (tables.split) sections.push(`<h2>${escapeHtml(tables.split.title)}</h2>`, table(tables.split));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(w.title)}</title>
<meta name="generator" content="memdex recall; charts: ${escapeHtml(library.name)} ${escapeHtml(library.version)}">
<style>${library.style}</style>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:960px;color:#222;padding:0 1em}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
td:nth-child(n+2){text-align:right}dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}dd{margin:0;font-weight:600}
.chart{width:100%;height:260px}.legend .key{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;vertical-align:middle}
.legend .s0{background:#d70206}.legend .s1{background:#f05b4f}
</style></head><body>
${sections.join('\n')}
<script>${library.script.replace(/<\/script/gi, '<\\/script')}</script>
<script>
const data = ${scriptJson(data)};
const whole = { onlyInteger: true, low: 0 };
new Chartist.LineChart('#chart-trend', data.trend, { axisY: whole, fullWidth: true, lineSmooth: false, chartPadding: { right: 60 } });
new Chartist.BarChart('#chart-kinds', data.kinds, { horizontalBars: true, axisX: whole, axisY: { offset: 200 } });
document.getElementById('chart-entries').style.height = data.entryHeight + 'px';
new Chartist.BarChart('#chart-entries', data.entries, { horizontalBars: true, axisX: whole, axisY: { offset: 260 } });
</script>
</body></html>
`;
}
