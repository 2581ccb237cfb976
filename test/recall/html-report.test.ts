/**
 * The HTML report renders offline in a real browser (Debian's chromium, driven by
 * playwright-core): no console error, no request leaves the page, the three charts
 * are SVG drawn by the inlined library, and the numbers are shown. What a reader
 * sees is judged on screenshots, decoded by the browser itself (a canvas) and
 * measured here: the two series in colours far apart in hue, a dark page in dark
 * mode, no horizontal overflow on a phone, a sentence (and no axes) when there is
 * nothing to draw. Skips with one line when chromium is not installed (`.ci/run`
 * installs it).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const FIXTURES = join(REPO, 'test/fixtures/transcripts');
const dir = mkdtempSync(join(tmpdir(), 'memdex-recall-html-'));
const present = existsSync(CHROMIUM);
if (!present) process.stderr.write(`recall HTML report test skipped: ${CHROMIUM} not found (apt-get install -y chromium)\n`);

let browser: BrowserContext;
let full: string;
let empty: string;

function report(name: string, transcripts: (projects: string) => void, extra: readonly string[] = []): string {
  const root = join(dir, `${name}-project`);
  cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
  const projects = join(dir, `${name}-transcripts`);
  mkdirSync(projects);
  transcripts(projects);
  const page = join(dir, `${name}.html`);
  const result = runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'html', '--out', page, ...extra]);
  expect(result.stderr).toBe(`memdex recall: report written to ${page}\n`);
  return page;
}

beforeAll(async () => {
  if (!present) return;
  full = report('full', (projects) => {
    for (const sub of ['claude-2.1.330', 'predecessor']) for (const f of readdirSync(join(FIXTURES, sub))) if (f.endsWith('.jsonl')) copyFileSync(join(FIXTURES, sub, f), join(projects, f));
    copyFileSync(join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), join(projects, 'cc-2.1.330-resumed.jsonl'));
  }, ['--before', '2026-11-20']);
  empty = report('empty', () => {});
  // A fresh profile in the temp folder (playwright takes it as the persistent context's folder).
  browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1000, height: 800 },
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a report; every console error, page error and request off the page is collected in `problems`. */
async function open(file: string, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<{ tab: Page; problems: string[] }> {
  const tab = await browser.newPage();
  const problems: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  tab.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) problems.push(`request: ${request.url()}`);
  });
  await tab.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
  await tab.setViewportSize({ width: options.width ?? 1000, height: 800 });
  await tab.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { tab, problems };
}

interface Pixels {
  readonly width: number;
  readonly height: number;
  /** Mean relative luminance, 0 (black) to 1 (white). */
  readonly luminance: number;
  /** Hues (degrees) of the saturated pixels' two most common colours, most common first. */
  readonly hues: readonly number[];
  /** Share of pixels that differ clearly from the most common (background) colour. */
  readonly ink: number;
}

/** A screenshot (PNG) decoded by the browser (a canvas) and measured. Page code as text: the tests are typed without the DOM library. */
async function measure(tab: Page, png: Buffer): Promise<Pixels> {
  return tab.evaluate<Pixels>(`(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${png.toString('base64')}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let luminance = 0;
    const counts = new Map(), all = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] / 255, data[i + 1] / 255, data[i + 2] / 255];
      luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const key = (data[i] >> 4) + ',' + (data[i + 1] >> 4) + ',' + (data[i + 2] >> 4);
      all.set(key, (all.get(key) || 0) + 1);
      const max = Math.max(r, g, b), min = Math.min(r, g, b);
      if (max - min > 0.35) counts.set(key, (counts.get(key) || 0) + 1);
    }
    const hueOf = (key) => {
      const [r, g, b] = key.split(',').map((v) => (Number(v) * 16 + 8) / 255);
      const max = Math.max(r, g, b), d = max - Math.min(r, g, b);
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return Math.round(((h * 60) + 360) % 360);
    };
    const top = [...counts].sort((a, b) => b[1] - a[1]);
    const hues = [];
    for (const [key] of top) {
      const hue = hueOf(key);
      if (hues.every((h) => Math.min(Math.abs(h - hue), 360 - Math.abs(h - hue)) > 25)) hues.push(hue);
      if (hues.length === 2) break;
    }
    const background = [...all].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs((data[i] >> 4) - background[0]) + Math.abs((data[i + 1] >> 4) - background[1]) + Math.abs((data[i + 2] >> 4) - background[2]) > 3) ink++;
    return { width: image.width, height: image.height, luminance: luminance / (data.length / 4), hues, ink: ink / (data.length / 4) };
  })()`);
}

const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

(present ? describe : describe.skip)('the HTML report in chromium', () => {
  test('charts and numbers, offline and without console errors; the actionable part first', async () => {
    const { tab, problems } = await open(full);
    type Chart = { id: string; svg: boolean; lines: number; bars: number; labels: string[] };
    const charts = await tab.evaluate<Chart[]>(`['chart-trend', 'chart-kinds', 'chart-entries'].map((id) => {
      const svg = document.querySelector('#' + id + ' svg');
      return { id, svg: svg !== null, lines: svg ? svg.querySelectorAll('.ct-line').length : 0, bars: svg ? svg.querySelectorAll('.ct-bar').length : 0,
        labels: svg ? [...svg.querySelectorAll('.ct-label')].map((l) => l.textContent) : [] };
    })`);
    expect(charts.map((c) => c.svg)).toEqual([true, true, true]);
    // Trend: two series over every week from the first session to the last, the empty W47 included (a point at zero).
    expect(charts[0]!.lines).toBe(2);
    expect(charts[0]!.labels.filter((l) => /^\d{4}-W\d\d$/.test(l))).toEqual(['2026-W45', '2026-W46', '2026-W47', '2026-W48']);
    const trend = await tab.evaluate<string[]>(`[...document.querySelectorAll('#chart-trend .ct-series-a .ct-point')].map((p) => p.getAttribute('ct:value'))`);
    expect(trend[2]).toBe('0');
    // Kinds: one bar per kind; entries: two bars (recalls, opportunities) per entry with data, none padded with zeros.
    expect(charts[1]!.bars).toBe(7);
    expect(charts[1]!.labels).toEqual(expect.arrayContaining(['Skill tool (/when, /how)', 'Read of a decision file']));
    const seriesValues = (series: string) => tab.evaluate<string[]>(`[...document.querySelectorAll('#chart-entries .ct-series-${series} .ct-bar')].map((b) => b.getAttribute('ct:value'))`);
    const recalls = (await seriesValues('a')).reverse();
    const opportunities = (await seriesValues('b')).reverse();
    expect(recalls).toEqual(['6', '2', '1', '1', '1', '1']);
    expect(opportunities).toEqual(['4', '2', '1', '0', '0', '0']);
    expect(charts[2]!.labels).toEqual(expect.arrayContaining(['/when writing mock tests']));
    const summary = await tab.evaluate<Record<string, string>>(`Object.fromEntries([...document.querySelectorAll('#summary dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]))`);
    expect(summary).toMatchObject({ 'sessions analysed': '8', 'sessions with at least one recall': '6', 'recall events': '16', 'misses (no entry, near-tie)': '2' });
    const headings = await tab.evaluate<string[]>(`[...document.querySelectorAll('h2')].map((h) => h.textContent)`);
    expect(headings.slice(0, 3)).toEqual(['Summary', 'Top misses (gaps in the index)', 'Entries never recalled although prompts were about them (an opportunity each)']);
    expect(await tab.textContent('body')).toContain('Before and after 2026-11-20T00:00:00.000Z');
    expect(await tab.getAttribute('meta[name=viewport]', 'content')).toBe('width=device-width, initial-scale=1');
    await tab.screenshot({ path: process.env.RECALL_SCREENSHOT ?? join(dir, 'recall.png'), fullPage: true });
    expect(problems).toEqual([]);
    await tab.close();
  });

  test('screenshots: the two series in colours far apart in hue, in the legend as in the chart, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { tab, problems } = await open(full, { colorScheme });
      for (const id of ['chart-trend', 'chart-entries']) {
        const chart = await measure(tab, await tab.locator(`#${id}`).screenshot());
        expect({ colorScheme, id, colours: chart.hues.length }).toEqual({ colorScheme, id, colours: 2 });
        expect(hueGap(chart.hues[0]!, chart.hues[1]!)).toBeGreaterThan(90);
        const legend = await measure(tab, await tab.locator(`#${id}`).locator('xpath=preceding-sibling::p[@class="legend"][1]').screenshot());
        expect(Math.min(...legend.hues.map((h) => Math.min(...chart.hues.map((c) => hueGap(h, c)))))).toBeLessThan(15);
      }
      expect(problems).toEqual([]);
      await tab.close();
    }
  });

  test('screenshots: dark mode is a dark page with light text, light mode the reverse', async () => {
    const shots: Record<string, Pixels> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const { tab } = await open(full, { colorScheme });
      shots[colorScheme] = await measure(tab, await tab.screenshot({ fullPage: true }));
      const text = await measure(tab, await tab.locator('#summary').screenshot());
      expect({ colorScheme, ink: text.ink > 0.02 }).toEqual({ colorScheme, ink: true });
      if (process.env.RECALL_SCREENSHOT) await tab.screenshot({ path: process.env.RECALL_SCREENSHOT.replace(/\.png$/, `-${colorScheme}.png`), fullPage: true });
      await tab.close();
    }
    expect(shots.light!.luminance).toBeGreaterThan(0.8);
    expect(shots.dark!.luminance).toBeLessThan(0.25);
  });

  test('screenshot on a phone (390 px): the page fits the screen, nothing wider', async () => {
    const { tab, problems } = await open(full, { width: 390 });
    const shot = await measure(tab, await tab.screenshot({ fullPage: true }));
    expect(shot.width).toBe(390);
    expect(await tab.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await tab.close();
  });

  test('no sessions: a sentence where each chart would be, no empty axes', async () => {
    const { tab, problems } = await open(empty);
    expect(await tab.evaluate<number>(`document.querySelectorAll('svg').length`)).toBe(0);
    for (const id of ['chart-trend-empty', 'chart-kinds-empty', 'chart-entries-empty']) {
      expect(await tab.textContent(`#${id}`)).toBe('No sessions in these transcripts (or in the period chosen): nothing to chart.');
      const shot = await measure(tab, await tab.locator(`#${id}`).screenshot());
      expect(shot.ink).toBeGreaterThan(0.02); // the sentence is drawn
    }
    if (process.env.RECALL_SCREENSHOT) await tab.screenshot({ path: process.env.RECALL_SCREENSHOT.replace(/\.png$/, '-empty.png'), fullPage: true });
    expect(problems).toEqual([]);
    await tab.close();
  });
});
