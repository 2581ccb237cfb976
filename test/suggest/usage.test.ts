/**
 * The usage log (issue 22 §3): the line format, the prior it gives the ranker, its
 * cache, idempotent appends, and the lines `memdex recall` writes from real transcripts.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { appendUsage, loadUsageIndex, USAGE_LOG } from '../../src/node/usage-log.js';
import { buildSuggestIndex } from '../../src/suggest/build-index.js';
import { DEFAULT_SUGGEST_PARAMS as P } from '../../src/suggest/params.js';
import { rank } from '../../src/suggest/rank.js';
import { buildUsageIndex, usagePrior } from '../../src/suggest/usage-prior.js';
import { formatUsageLine, parseUsageLine, parseUsageLog } from '../../src/suggest/usage.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';
import { TESTING, writeMemory } from './memory-tree.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-usage-'));
  temps.push(dir);
  return dir;
}

async function index(root: string) {
  const files = new Map<string, string>();
  for (const rel of ['agents/memory-index.md', 'agents/decisions/testing.md']) files.set(rel, readFileSync(join(root, rel), 'utf8'));
  return buildSuggestIndex(await buildWithFallback(files, DEFAULT_CONFIG));
}

const line = (text: string, entries: string[], at = '2026-11-01T10:00:00.000Z') => ({ at, text, entries });

describe('the usage line', () => {
  test('a valid line round-trips; anything else is skipped, never fatal', () => {
    const l = line('write the parser tests', ['/when writing mock tests']);
    expect(parseUsageLine(formatUsageLine(l))).toEqual(l);
    for (const bad of ['', 'not json', '[]', 'null', '{"at":1,"text":"x","entries":["/when a"]}', '{"at":"t","text":"x","entries":[]}', '{"at":"t","text":"  ","entries":["/when a"]}', '{"at":"t","text":"x"}'])
      expect(parseUsageLine(bad)).toBeUndefined();
    expect(parseUsageLine('{"at":"t","text":"x","entries":["/when a", 3]}')).toEqual({ at: 't', text: 'x', entries: ['/when a'] });
    expect(parseUsageLog(`${formatUsageLine(l)}\n{torn\n${formatUsageLine(l)}`)).toHaveLength(2);
  });
});

describe('the usage prior', () => {
  const root = tempRoot();
  writeMemory(root);

  test('an empty log, or one with no similar text, leaves the ranking as it was', async () => {
    const data = await index(root);
    const text = 'I am writing tests with mocks';
    const alone = rank(data, text, P);
    expect(rank(data, text, P, { usage: buildUsageIndex(data, []) })).toEqual(alone);
    expect(rank(data, text, P, { usage: buildUsageIndex(data, [line('bake a sponge cake for the party', ['/how encode file paths'])]) })).toEqual(alone);
  });

  test('a past text like this one lifts the entries recalled for it, in the ranker units (weight × share of the vote)', async () => {
    const data = await index(root);
    const text = 'the release checklist for the parser module';
    const before = rank(data, text, P, { threshold: 0 });
    expect(before.find((s) => s.label === '/when choosing review gates')).toBeUndefined();
    const usage = buildUsageIndex(data, [line('go through the release checklist of the parser module', ['/when choosing review gates'])]);
    const after = rank(data, text, P, { threshold: 0, usage });
    expect(after[0]).toEqual({ label: '/when choosing review gates', score: P.usageWeight });
  });

  test('the max-score cut finds exactly the neighbours an exhaustive scan finds', async () => {
    const data = await index(root);
    const words = 'mock tests patch fakes encode file paths separators dashes review gates phase diff plan parser release checklist'.split(' ');
    let seed = 3;
    const pick = () => words[(seed = (seed * 1103515245 + 12345) % 2147483648) % words.length]!;
    const texts = Array.from({ length: 300 }, () => Array.from({ length: 3 + (seed % 7) }, pick).join(' '));
    const lines = texts.map((text, i) => line(text, [data.labels[i % data.labels.length]!], `2026-11-01T10:${String(i % 60).padStart(2, '0')}:00.000Z`));
    const usage = buildUsageIndex(data, lines);
    for (let q = 0; q < 40; q++) {
      const text = Array.from({ length: 2 + (q % 6) }, pick).join(' ');
      for (const usageSimilarity of [0, 0.3, 0.5, 0.8]) {
        const params = { ...P, usageSimilarity };
        // Exhaustive: the query as a one-line index gives its unit vector; every line's cosine from all postings.
        const self = buildUsageIndex(data, [line(text, [data.labels[0]!])]);
        const sims = new Float64Array(usage.lines);
        for (const term of self.terms) {
          const qw = self.postings(self.termId(term)!).weights[0]!;
          const t = usage.termId(term);
          if (t === undefined) continue;
          const { lines: ls, weights } = usage.postings(t);
          ls.forEach((l, p) => (sims[l]! += qw * weights[p]!));
        }
        const top = [...sims.keys()].filter((l) => sims[l]! > 0 && sims[l]! >= usageSimilarity).sort((a, b) => sims[b]! - sims[a]! || b - a).slice(0, P.usageNeighbours);
        const total = top.reduce((sum, l) => sum + sims[l]!, 0);
        const expected = new Float64Array(data.labels.length);
        for (const l of top) for (const e of usage.entries(l)) expected[e]! += sims[l]! / total;
        const got = usagePrior(data, usage, text, params);
        expected.forEach((v, e) => expect(got[e]).toBeCloseTo(v, 5));
      }
    }
  });

  test('entries that no longer exist are ignored; a line left with none does not vote', async () => {
    const data = await index(root);
    const usage = buildUsageIndex(data, [line('the release checklist', ['/when a deleted entry']), line('the release checklist again', ['/when deleted too', '/how encode file paths'])]);
    expect(usage.lines).toBe(1);
    expect([...usage.entries(0)]).toEqual([1]);
  });
});

describe('the usage log on disk', () => {
  test('appends only new lines (same time and text: the same event), mends a torn last line', () => {
    const root = tempRoot();
    const a = line('first prompt', ['/when writing mock tests']);
    const b = line('second prompt', ['/how encode file paths'], '2026-11-01T11:00:00.000Z');
    expect(appendUsage(root, [a])).toBe(1);
    expect(appendUsage(root, [a, b, b])).toBe(1);
    const path = join(root, USAGE_LOG);
    appendFileSync(path, '{"at":"torn');
    expect(appendUsage(root, [line('third', ['/when writing mock tests'], '2026-11-01T12:00:00.000Z')])).toBe(1);
    expect(parseUsageLog(readFileSync(path, 'utf8')).map((l) => l.text)).toEqual(['first prompt', 'second prompt', 'third']);
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
  });

  test('read through the cache: built once, reused while the log is unchanged, rebuilt after an append', async () => {
    const root = tempRoot();
    writeMemory(root);
    const cache = tempRoot();
    const saved = process.env.MEMDEX_CACHE_DIR;
    process.env.MEMDEX_CACHE_DIR = cache;
    try {
      const data = await index(root);
      expect(loadUsageIndex(root, data, 'tree-1')).toBeUndefined(); // no log
      appendUsage(root, [line('go through the release checklist', ['/when choosing review gates'])]);
      const first = loadUsageIndex(root, data, 'tree-1')!;
      const cached = readdirSync(cache).find((f) => f.endsWith('.usage'))!;
      const written = statSync(join(cache, cached)).mtimeMs;
      const reread = loadUsageIndex(root, data, 'tree-1')!;
      expect(statSync(join(cache, cached)).mtimeMs).toBe(written);
      expect(reread.terms).toEqual(first.terms);
      for (const term of first.terms) expect(reread.termId(term)).toBe(first.termId(term));
      expect(reread.termId('nowhere')).toBeUndefined();
      first.terms.forEach((_, t) => {
        expect([...reread.postings(t).lines]).toEqual([...first.postings(t).lines]);
        expect([...reread.postings(t).weights]).toEqual([...first.postings(t).weights]);
        expect(reread.termMax(t)).toBe(first.termMax(t));
      });
      expect([...reread.entries(0)]).toEqual([...first.entries(0)]);
      expect(rank(data, 'the release checklist', P, { usage: reread })).toEqual(rank(data, 'the release checklist', P, { usage: first }));
      appendUsage(root, [line('write mock tests for the parser', ['/when writing mock tests'], '2026-11-02T10:00:00.000Z')]);
      const second = loadUsageIndex(root, data, 'tree-1')!;
      expect(second.lines).toBe(2);
      // A cache of another tree (the memory changed) is not used: rebuilt, the same.
      expect(loadUsageIndex(root, data, 'tree-2')!.terms).toEqual(second.terms);
      writeFileSync(join(cache, cached), 'garbage'); // torn: rebuilt
      expect(loadUsageIndex(root, data, 'tree-2')!.lines).toBe(2);
      expect(rank(data, 'the release checklist', P, { usage: second })[0]!.label).toBe('/when choosing review gates');
    } finally {
      if (saved === undefined) delete process.env.MEMDEX_CACHE_DIR;
      else process.env.MEMDEX_CACHE_DIR = saved;
    }
  });

  test('memdex suggest fuses the log; the line of an entry since removed is ignored', () => {
    const root = tempRoot();
    writeMemory(root, TESTING);
    const ask = () => runCli(['suggest', '--root', root, '--format', 'json', 'the release checklist for the parser module']);
    const before = JSON.parse(ask().stdout || '[]') as { label: string }[];
    expect(before.map((s) => s.label)).not.toContain('/when choosing review gates');
    mkdirSync(join(root, '.claude', 'memdex'), { recursive: true });
    writeFileSync(join(root, USAGE_LOG), `${formatUsageLine(line('go through the release checklist of the parser module', ['/when choosing review gates', '/when long gone']))}\n`);
    const after = JSON.parse(ask().stdout) as { label: string }[];
    expect(after[0]!.label).toBe('/when choosing review gates');
  });
});

describe('memdex recall appends the usage log from the real client transcripts', () => {
  test('each prompt with the entries recalled in its turn (Skill, Bash, typed), once however often it runs', () => {
    const dir = tempRoot();
    const root = join(dir, 'project');
    cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
    const projects = join(dir, 'transcripts');
    mkdirSync(projects);
    const client = join(REPO, 'test/fixtures/transcripts/claude-2.1.330');
    for (const file of ['skill-tool-recall.jsonl', 'bash-recall.jsonl']) copyFileSync(join(client, file), join(projects, file));
    const run = () => runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'json']);
    expect(run().status).toBe(0);
    const path = join(root, USAGE_LOG);
    expect(existsSync(path)).toBe(true);
    const lines = parseUsageLog(readFileSync(path, 'utf8'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) {
      expect(l.entries).toEqual(['/when writing mock tests']);
      expect(Number.isNaN(Date.parse(l.at))).toBe(false);
      expect(l.text).not.toMatch(/<command-|system-reminder/);
    }
    const text = readFileSync(path, 'utf8');
    expect(run().status).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
