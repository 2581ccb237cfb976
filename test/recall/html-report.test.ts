/**
 * The HTML report renders offline in a real browser (Debian's chromium, driven by
 * playwright-core): no console error, no request leaves the page, the three charts
 * are SVG drawn by the inlined library, and the numbers are shown. Skips with one
 * line when chromium is not installed (`.ci/run` installs it).
 */
import { afterAll, expect, test } from '@jest/globals';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const FIXTURES = join(REPO, 'test/fixtures/transcripts');
const dir = mkdtempSync(join(tmpdir(), 'memdex-recall-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = existsSync(CHROMIUM) ? test : test.skip;
if (!existsSync(CHROMIUM)) process.stderr.write(`recall HTML report test skipped: ${CHROMIUM} not found (apt-get install -y chromium)\n`);

run('the HTML report renders in headless chromium with its charts and numbers, offline and without console errors', async () => {
  const root = join(dir, 'project');
  cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
  const projects = join(dir, 'transcripts');
  mkdirSync(projects);
  for (const sub of ['claude-2.1.330', 'predecessor']) for (const f of readdirSync(join(FIXTURES, sub))) if (f.endsWith('.jsonl')) copyFileSync(join(FIXTURES, sub, f), join(projects, f));
  copyFileSync(join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), join(projects, 'cc-2.1.330-resumed.jsonl'));
  const page = join(dir, 'recall.html');
  const result = runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'html', '--out', page, '--before', '2026-11-20']);
  expect(result.status).toBe(0);

  // A fresh profile in the temp folder (playwright takes it as the persistent context's folder).
  const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1000, height: 800 },
  });
  try {
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    tab.on('request', (request) => {
      if (!request.url().startsWith('file:')) problems.push(`request: ${request.url()}`);
    });
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });

    // Page code as text: the test program is typed without the DOM library (src/ must not see it).
    type Chart = { id: string; svg: boolean; lines: number; bars: number; labels: string[] };
    const charts = await tab.evaluate<Chart[]>(`['chart-trend', 'chart-kinds', 'chart-entries'].map((id) => {
      const svg = document.querySelector('#' + id + ' svg');
      return { id, svg: svg !== null, lines: svg ? svg.querySelectorAll('.ct-line').length : 0, bars: svg ? svg.querySelectorAll('.ct-bar').length : 0,
        labels: svg ? [...svg.querySelectorAll('.ct-label')].map((l) => l.textContent) : [] };
    })`);
    expect(charts.map((c) => c.svg)).toEqual([true, true, true]);
    // Trend: two series (sessions, with recall) over the weeks of the sessions.
    expect(charts[0]!.lines).toBe(2);
    expect(charts[0]!.labels).toEqual(expect.arrayContaining(['2026-W45', '2026-W46', '2026-W48']));
    // Kinds: one bar per kind; entries: two bars (recalls, opportunities) per entry of fixtures/example.
    expect(charts[1]!.bars).toBe(7);
    expect(charts[1]!.labels).toEqual(expect.arrayContaining(['Skill tool (/when, /how)', 'Read of a decision file']));
    expect(charts[2]!.bars).toBe(18);
    expect(charts[2]!.labels).toEqual(expect.arrayContaining(['/when writing mock tests']));

    // The first series (the legend's first colour) is the recalls, drawn top-down in the table's order.
    const seriesValues = (series: string) => tab.evaluate<string[]>(`[...document.querySelectorAll('#chart-entries .ct-series-${series} .ct-bar')].map((b) => b.getAttribute('ct:value'))`);
    expect((await seriesValues('a')).reverse()).toEqual(['6', '2', '1', '1', '1', '1', '0', '0', '0']);
    expect((await seriesValues('b')).reverse()).toEqual(['4', '2', '1', '0', '0', '0', '0', '0', '0']);
    const summary = await tab.evaluate<Record<string, string>>(`Object.fromEntries([...document.querySelectorAll('#summary dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]))`);
    expect(summary).toMatchObject({ 'sessions analysed': '8', 'sessions with at least one recall': '6', 'recall events': '16', 'misses (no entry, near-tie)': '2' });
    expect(await tab.textContent('body')).toContain('Before and after 2026-11-20T00:00:00.000Z');

    // Kept in the temp folder; RECALL_SCREENSHOT names a file to keep it for a look.
    await tab.screenshot({ path: process.env.RECALL_SCREENSHOT ?? join(dir, 'recall.png'), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
}, 60_000);
