/**
 * Issue 16 §7: work that must grow at most n log n. Not timing assertions: inputs that
 * take minutes when an algorithm is quadratic, run as a child process with a generous
 * time limit (a hang guard), and counts of the work done.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic, Fix } from '../../src/core/diagnostic.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { compressHeading } from '../../src/resolve/compress-key.js';
import { DEFAULT_RESOLVE_PARAMS } from '../../src/resolve/params.js';
import { resolverIndex } from '../../src/resolve/targets.js';
import { buildTriggerTable } from '../../src/resolve/trigger-table.js';
import { runRules } from '../../src/core/engine.js';
import { allRules } from '../../src/rules/registry.js';
import type { Project } from '../../src/model/project.js';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** N sibling structural headings (no H1: the old parent search went back to the start for each). */
function structuralFile(n: number, tail = ''): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`## .Group ${i}`, '', `text ${i}`, '');
  return lines.join('\n') + tail;
}

describe('a decision file of many structural headings', () => {
  test('parents and section ends from the one-pass stack', () => {
    const n = 2_000;
    const path = 'agents/decisions/many.md';
    const text = structuralFile(n, '### When Nested Last\n\nbody\n\n# Top\n\n## When Under Top\n\nbody\n');
    const project = buildProject(new Map([['agents/memory-index.md', '# Memory Index\n'], [path, text]]), DEFAULT_CONFIG);
    const headings = project.decisions[0]!.headings;
    expect(headings).toHaveLength(n + 3);
    expect(headings.slice(0, n).every((h) => h.parent === -1)).toBe(true);
    expect(headings[0]!.sectionEnd).toBe(headings[1]!.start);
    expect([headings[n]!.parent, headings[n - 1]!.sectionEnd, headings[n]!.sectionEnd]).toEqual([n - 1, headings[n + 1]!.start, headings[n + 1]!.start]);
    expect([headings[n + 1]!.parent, headings[n + 1]!.sectionEnd, headings[n + 2]!.parent, headings[n + 2]!.sectionEnd]).toEqual([-1, text.length, n + 1, text.length]);
  });

  // Bodiless headings: 100,000 of them fit the 1 MB cap of a decision file (model/input-limits.ts).
  test('check on 100,000 structural headings in one file ends (quadratic: minutes; guard: 45 s)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-scaling-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
    writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n');
    writeFileSync(join(dir, 'agents/decisions/many.md'), Array.from({ length: 100_000 }, (_, i) => `## .${i}\n`).join(''));
    const result = runCli(['check', '--format', 'json'], { cwd: dir, timeout: 45_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
  }, 60_000);
});

describe('the fix loop', () => {
  /**
   * n findings sharing one fix (a rule's single plan moving n misplaced entries): the
   * loop reads that fix's edits a constant number of times, not once per finding
   * (each read serialized the whole n-sized move: n² for `check --fix`).
   */
  test.each([1_000, 8_000])('%i findings sharing one fix: its edits are read a constant number of times', async (n) => {
    let reads = 0;
    const edits = [{ path: 'index.md', range: [0, 1] as const, text: 'y'.repeat(n) }];
    const fix: Fix = {
      title: 'Move entries',
      get edits() {
        reads++;
        return edits;
      },
    };
    const findings = (files: ReadonlyMap<string, string>): Diagnostic[] =>
      files.get('index.md') === 'x'
        ? Array.from({ length: n }, () => ({ ruleId: 'index/entry-in-file-section', severity: 'error', path: 'index.md', message: 'misplaced', fix }) as Diagnostic)
        : [];
    const result = await fixUntilStable(new Map([['index.md', 'x']]), async (files) => findings(files));
    expect(result.files.get('index.md')).toBe('y'.repeat(n));
    expect(result.applied).toHaveLength(1);
    expect(reads).toBeLessThanOrEqual(4);
  });
});

describe('compress-key --all on headings that share most of their words', () => {
  /** `When Writing Common Tests Alpha Beta Item<i>`: every candidate trigger shares words with every heading. */
  function sharedWords(n: number) {
    const doc = ['# Shared', ''];
    const index = ['# Memory Index', '', '## agents/decisions/shared.md', ''];
    for (let i = 0; i < n; i++) {
      doc.push(`## When Writing Common Tests Alpha Beta Item${i}`, '', `body ${i}`, '');
      index.push(`/when writing common tests alpha beta item${i}`);
    }
    return buildProject(new Map([['agents/memory-index.md', index.join('\n')], ['agents/decisions/shared.md', doc.join('\n')]]), DEFAULT_CONFIG);
  }

  /** Candidates scored and word pairs compared by the resolver's matcher for every heading's compress-key. */
  function work(n: number): { scored: number; compared: number; entries: string[] } {
    const project = sharedWords(n);
    const entries = project.decisions[0]!.headings.filter((h) => h.semantic).map((h) => {
      const r = compressHeading(project, h);
      return r.kind === 'ok' ? r.entry : r.kind;
    });
    return { ...resolverIndex(project, DEFAULT_RESOLVE_PARAMS).matcher.work(), entries };
  }

  test('4× the headings cost at most 6× the scoring and 7× the word comparisons (n log n: about 5.4×; it was 16×: every candidate trigger scored every heading, every word was compared with the whole vocabulary)', () => {
    const small = work(150);
    const large = work(600);
    // Every heading keeps its full trigger: the others are within a typo of it.
    expect(large.entries.slice(0, 2)).toEqual(['/when writing common tests alpha beta item0', '/when writing common tests alpha beta item1']);
    const ratios = { scored: large.scored / small.scored, compared: large.compared / small.compared };
    expect({ scored: Math.min(ratios.scored, 6), compared: Math.min(ratios.compared, 7) }).toEqual(ratios);
  });
});

describe('the trigger table', () => {
  /**
   * Issue 27 §15: each heading's row listed every sibling's Related line, which the table
   * then dropped (it keeps one list per group): N headings under one parent cost N².
   * Measured: 40,000 `### a` lines (240 kB), a cold `when` 103 s; now ~3 s.
   */
  test('a cold `when` over 40,000 sibling headings ends (quadratic: minutes; guard: 45 s)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-scaling-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
    writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n\n## agents/decisions/a.md\n\n/when writing mock tests\n');
    writeFileSync(join(dir, 'agents/decisions/a.md'), `# A\n\n## .Group\n\n### When Writing Mock Tests\n\nUse fakes.\n\n${'### a\n'.repeat(40_000)}`);
    const result = runCli(['when', 'writing', 'mock', 'tests'], { cwd: dir, timeout: 45_000, env: { MEMDEX_CACHE_DIR: join(dir, 'cache'), MEMDEX_NO_CACHE: '' } });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Use fakes.');
    expect(result.status).toBe(0);
  }, 60_000);
});

/**
 * Issue 27 §15, the 1 MB file of 166,665 `### a` headings (333,330 findings): `check` took
 * 4.3–6.5 s and a cold `when` 5–6 s; each finding and each heading must cost a constant of
 * small work. Counted here, not timed (bench/linear.mjs has the figures).
 */
describe('per heading and per finding, a constant of work', () => {
  /** `count` sibling headings `### a` under one group, behind a counter of the heading lookups by key. */
  function repeated(count: number): { project: Project; lookups: () => number } {
    const text = `# Big\n\n## .Group\n\n${'### a\n'.repeat(count)}`;
    const built = buildProject(new Map([['agents/memory-index.md', '# Memory Index\n\n## agents/decisions/big.md\n'], ['agents/decisions/big.md', text]]), DEFAULT_CONFIG);
    let n = 0;
    const byKey = built.headingsByKey;
    const counting = new Proxy(byKey, {
      get(target, name) {
        if (name === 'get') return (key: string) => (n++, target.get(key));
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { project: { ...built, headingsByKey: counting }, lookups: () => n };
  }

  test("the trigger table works out the siblings' Broader lines once per group: the lookups by key grow by one per heading, its choice line's (Broader per heading added more)", () => {
    const lookups = [100, 400].map((count) => {
      const { project, lookups: counted } = repeated(count);
      resolverIndex(project, DEFAULT_RESOLVE_PARAMS);
      const before = counted();
      const table = buildTriggerTable(project, DEFAULT_RESOLVE_PARAMS);
      expect(table.split('\n')[1]).toBe(String(count));
      return counted() - before;
    });
    // Each heading's choice line asks once whether its text names it alone (resolve/choice-lines.ts); nothing else grows.
    expect(lookups[1]! - lookups[0]!).toBe(400 - 100);
  });

  test("a duplicate heading's related place (its first definition) is built once per heading text, not once per finding", () => {
    const { project } = repeated(400);
    const duplicates = runRules(project, allRules).filter((d) => d.ruleId === 'decision/no-duplicate-heading');
    expect(duplicates).toHaveLength(399);
    expect(new Set(duplicates.map((d) => d.related)).size).toBe(1);
    expect(duplicates[0]!.related).toEqual([{ path: 'agents/decisions/big.md', span: expect.objectContaining({ start: expect.objectContaining({ line: 5, column: 1 }) }), message: expect.stringMatching(/first defined/i) }]);
  });
});
