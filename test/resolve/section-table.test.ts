/**
 * The section table (the head of the model cache, read by the exact stage) answers a
 * `.Section` or `..file.md` query exactly as resolve() does on the full model, or not
 * at all; a torn one is never served.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateTree } from '../../bench/generate-tree.mjs';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import type { Operator } from '../../src/model/keys.js';
import { resolve } from '../../src/resolve/resolve.js';
import { parseQuery } from '../../src/resolve/query.js';
import { baseName } from '../../src/resolve/section.js';
import { openSectionTable } from '../../src/resolve/section-lines.js';
import { openSectionTableWithFuzzy } from '../../src/resolve/section-lookup.js';
import { buildSectionTable } from '../../src/resolve/section-table.js';
import { AFTER, BEFORE, copyTree, describeCorpora, readTree } from '../helpers/corpora.js';
import { recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';

/** The table as the model cache holds it: its lines, then the snapshot's line; as the exact stage opens it, and as the fuzzy stage does. */
function tablesOf(project: Project) {
  const payload = `${buildSectionTable(project)}\n{"snapshot":{}}`;
  return { exact: openSectionTable(payload)!, fuzzy: openSectionTableWithFuzzy(payload)! };
}

/**
 * Deterministic misspellings of a heading's text (`n` varies where): one typo (a letter
 * dropped from its longest word, or two letters swapped), two typos (in its two longest
 * words), and a part of it (its first word, all but its last word: near-ties).
 */
function misspellings(text: string, n: number): string[] {
  const words = text.replace(/^\./, '').split(' ');
  const byLength = words.map((w, i) => [w, i] as const).sort((a, b) => b[0].length - a[0].length || a[1] - b[1]);
  const edit = (word: string, k: number, swap: boolean) => {
    if (word.length < 3) return `${word}x`;
    const at = 1 + (k % (word.length - 2));
    return swap ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + word.slice(at + 1);
  };
  const replaced = (edits: readonly (readonly [number, string])[]) => words.map((w, i) => edits.find(([j]) => j === i)?.[1] ?? w).join(' ');
  const [first, second] = byLength;
  const out = [replaced([[first![1], edit(first![0], n, false)]]), replaced([[first![1], edit(first![0], n + 1, true)]])];
  if (second) out.push(replaced([[first![1], edit(first![0], n, false)], [second[1], edit(second[0], n, true)]]));
  else out.push(edit(edit(first![0], n, false), n + 1, true));
  out.push(words[0]!);
  if (words.length > 1) out.push(words.slice(0, -1).join(' '));
  return out.map((q) => `.${q}`);
}

/** toEqual, its diff only when the JSON differs: jest's deep equality over ~5,000 sections per corpus took seconds. */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** Every query form of every heading and file, a misspelling of each (the five kinds in turn), and the table's answers beside the model's. */
function compare(project: Project): { answered: number; typos: Record<string, number>; left: number } {
  // Every `.Section` and `..file.md` query is the table's (a typo the fuzzy stage's); `left`: those that are no query (`null`, `.`).
  const tables = tablesOf(project);
  const read = (path: string) => project.files.get(path)!;
  const queries: string[] = [];
  // The misspellings under one operator each, in turn (section mode does not read it; the other forms under all three).
  const misspelt: [string, Operator | undefined][] = [];
  const operators = [undefined, 'when', 'how'] as const;
  let n = 0;
  for (const file of project.decisions) {
    const name = baseName(file.path);
    const stem = name.replace(/\.md$/, '');
    queries.push(`..${name}`, `..${stem}`, `..${name.toUpperCase()}`, `..${name.slice(1)}`, `..${stem.slice(0, -1)}`, `..${name}#`, `..${name.slice(1)}#${file.headings.at(-1)?.text ?? 'x'}`);
    for (const heading of file.headings) {
      const text = heading.text.replace(/^\./, '');
      queries.push(`.${text}`, `.${text.toLowerCase()}`, `  .${text}  `, `..${text}`, `/when .${text}`, `.${text.slice(0, -1)}`);
      misspelt.push([`..${name}#${heading.text}`, operators[n % 3]], [`..${name.toUpperCase()}#${text.toLowerCase()}`, operators[(n + 1) % 3]]);
      const forms = misspellings(heading.text, n);
      misspelt.push([forms[n % forms.length]!, operators[(n + 2) % 3]]);
      // Within its file: fewer candidates (resolve.ts sectionMatcher of one file).
      if (n % 3 === 0) misspelt.push([`..${name}#${forms[(n + 1) % forms.length]!.slice(1)}`, operators[n % 3]]);
      n++;
    }
  }
  queries.push('.', '..', '..../x.md', '..a/b.md', '..a/b.md#x', '.no such heading at all', '.zebra quantum xylophone', '..zebra quantum.md', '..zebra.md#quantum', 'null');
  let answered = 0;
  let left = 0;
  const typos: Record<string, number> = { found: 0, ambiguous: 0, 'not-found': 0 };
  for (const [query, operator] of [...queries.flatMap((q) => operators.map((o) => [q, o] as const)), ...misspelt]) {
    const fast = tables.exact.resolve(query, operator, read);
    const fuzzy = tables.fuzzy.resolve(query, operator, read);
    if (fast === undefined) {
      expect({ query, operator, fuzzy, parsed: parseQuery(query, operator).kind }).toEqual({ query, operator, fuzzy: undefined, parsed: expect.not.stringMatching(/^query$/) });
      left++;
      continue;
    }
    // A typo: the exact stage hands it to the fuzzy stage, which answers as the model does.
    const result = fast === 'fuzzy' ? fuzzy : fast;
    if (fast === 'fuzzy') typos[(result as { kind: string }).kind]!++;
    else same({ query, operator, result: fuzzy }, { query, operator, result: fast });
    answered++;
    same({ query, operator, result }, { query, operator, result: resolve(project, query, { operator }) });
  }
  return { answered, typos, left };
}

describe('section table', () => {
  test('a small tree: every heading and file query it answers is the full resolver answer; the rest is left to it', () => {
    const files = new Map([
      ['agents/memory-index.md', '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing mock tests | mock patch\n/how split test modules\n\n## agents/decisions/cli.md\n\n/when writing cli output\n'],
      ['agents/decisions/testing.md', '# Testing\n\n## .Mocks\n\n### When Writing Mock Tests\n\nPatch where used.\n\n### How to Split Test Modules\n\nOne per behaviour.\n\n## .Examples\n\nShared.\n'],
      ['agents/decisions/cli.md', '# CLI\n\n## .Examples\n\nAlso shared.\n\n### When Writing CLI Output\n\nNo destructive hints.\n'],
    ]);
    const project = buildProject(files, DEFAULT_CONFIG);
    const { answered, typos, left } = compare(project);
    expect(answered).toBeGreaterThan(100);
    expect(typos).toEqual({ found: expect.any(Number), ambiguous: expect.any(Number), 'not-found': expect.any(Number) });
    expect(Math.min(...Object.values(typos))).toBeGreaterThan(0);
    expect(left).toBeLessThan(10); // `null`, `.`
    const table = tablesOf(project).exact;
    const read = (path: string) => files.get(path)!;
    // What a user sees: the section with its Broader and Related lines, from the table alone.
    expect(table.resolve('.Mocks', undefined, read)).toEqual({
      kind: 'found',
      query: '.Mocks',
      section: { heading: '.Mocks', file: 'agents/decisions/testing.md', line: 3, content: '### When Writing Mock Tests\n\nPatch where used.\n\n### How to Split Test Modules\n\nOne per behaviour.', broader: ['/when ..testing.md'], related: [] },
    });
    expect(table.resolve('.When Writing Mock Tests', undefined, read)).toMatchObject({ section: { content: 'Patch where used.', broader: ['/when .Mocks', '/when ..testing.md'], related: ['/how split test modules'] } });
    // Two headings of the key: the choices, each named within its file.
    expect(table.resolve('.Examples', undefined, read)).toEqual({ kind: 'ambiguous', query: '.Examples', mode: 'section', choices: ['/when ..cli.md#.Examples', '/when ..testing.md#.Examples'] });
    expect(table.resolve('writing mock tests', undefined, read)).toBeUndefined();
    // A typo is the fuzzy stage's: the section as the model gives it, the nearest headings when none comes near.
    expect(table.resolve('.Mokcs', undefined, read)).toBe('fuzzy');
    expect(tablesOf(project).fuzzy.resolve('.Mokcs', undefined, read)).toMatchObject({ kind: 'found', query: '.Mokcs', section: { heading: '.Mocks', line: 3 } });
    expect(tablesOf(project).fuzzy.resolve('.Exampels', 'how', read)).toEqual({ kind: 'ambiguous', query: '.Exampels', mode: 'section', choices: ['/when ..cli.md#.Examples', '/when ..testing.md#.Examples'] });
    expect(tablesOf(project).fuzzy.resolve('.Zebra', undefined, read)).toEqual({ kind: 'not-found', query: '.Zebra', mode: 'section', suggestions: [] });
  });

  test('a torn table throws (the exact stage then rebuilds), never answers; a snapshot alone has none', () => {
    const project = buildProject(new Map([['agents/decisions/a.md', '# A\n\n## .B\n\nText.\n']]), DEFAULT_CONFIG);
    const text = buildSectionTable(project);
    expect(() => openSectionTable(text.slice(0, text.lastIndexOf('\n')))).toThrow('torn section table');
    expect(openSectionTable('{"snapshot":{}}')).toBeUndefined();
    expect(() => openSectionTable(`x\n0\n[]\n{}`)).toThrow('torn section table');
  });
});

describeCorpora('section table on the corpora', () => {
  test.each([
    ['after', AFTER],
    ['before', BEFORE],
  ])('%s: answers as the full resolver on every heading and file, mistyped ones too', (_name, tree) => {
    const { answered, typos, left } = compare(buildProject(readTree(tree), DEFAULT_CONFIG));
    expect(answered).toBeGreaterThan(1000);
    expect(Math.min(...Object.values(typos))).toBeGreaterThan(20); // found, ambiguous and not found
    expect(left).toBeLessThan(10);
  });
});

describe('the model cache with its section table, end to end', () => {
  function smallTree(): string {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-section-table-'));
    mkdirSync(join(dir, 'agents', 'decisions'), { recursive: true });
    writeFileSync(join(dir, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing mock tests | mock patch\n');
    writeFileSync(join(dir, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## .Mocks\n\n### When Writing Mock Tests\n\nPatch where the object is used.\n');
    return dir;
  }
  const uncached = { MEMDEX_NO_CACHE: '1' };

  test('a damaged section table or snapshot is not served: the answer is rebuilt and the cache rewritten', () => {
    const dir = smallTree();
    const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-section-cache-'));
    const env = { MEMDEX_CACHE_DIR: cacheDir };
    const expected = runCli(['when', '.Mocks'], { cwd: dir, env: uncached }).stdout;
    expect(expected).toContain('# .Mocks');
    const model = () => join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith('.model'))!);
    // The cold call caches the snapshot alone; the next, restoring it, adds the table at its head.
    expect(runCli(['when', '.Mocks'], { cwd: dir, env }).stdout).toBe(expected);
    expect(readFileSync(model(), 'utf8').split('\n')).toHaveLength(2);
    expect(runCli(['when', '.Mocks'], { cwd: dir, env }).stdout).toBe(expected);
    const good = readFileSync(model(), 'utf8');
    expect(good.split('\n').length).toBeGreaterThan(5);
    const [header, count] = good.split('\n');
    const damaged = [
      `${header}\n${count}\n`, // torn after the counts
      `${header}\n{"snapshot":`, // torn snapshot, no table
      good.replace(/\["agents\/decisions\/testing.md"\]/, '["../../etc/passwd"]'), // a path outside the stamped files
    ];
    for (const text of damaged) {
      writeFileSync(model(), text);
      const result = runCli(['when', '.Mocks'], { cwd: dir, env });
      expect(result.stdout).toBe(expected);
      expect(result.stderr).toBe('');
      runCli(['when', '.Mocks'], { cwd: dir, env }); // rebuilt: the snapshot alone, then its table again
      expect(readFileSync(model(), 'utf8')).toBe(good);
    }
    expect(runCli(['when', '..testing.md'], { cwd: dir, env }).stdout).toBe(runCli(['when', '..testing.md'], { cwd: dir, env: uncached }).stdout);
  });

  test('a cached model without a section table is restored, and gets its table then', () => {
    const dir = smallTree();
    const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-section-cache-'));
    const env = { MEMDEX_CACHE_DIR: cacheDir };
    expect(runCli(['when', '.Mocks'], { cwd: dir, env }).status).toBe(0);
    const model = join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith('.model'))!);
    const snapshot = readFileSync(model, 'utf8');
    const ino = statSync(model).ino;
    const expected = runCli(['when', '..testing.md'], { cwd: dir, env: uncached }).stdout;
    expect(runCli(['when', '..testing.md'], { cwd: dir, env }).stdout).toBe(expected);
    const headed = readFileSync(model, 'utf8');
    expect(statSync(model).ino).not.toBe(ino); // rewritten with its head
    expect(headed.endsWith(snapshot.slice(snapshot.indexOf('\n') + 1))).toBe(true); // the same snapshot, not rebuilt
    expect(runCli(['when', '..testing.md'], { cwd: dir, env }).stdout).toBe(expected);
    expect(readFileSync(model, 'utf8')).toBe(headed);
  });
});

/**
 * The staged CLI (a typo from the section table in the fuzzy stage) against the model
 * (MEMDEX_NO_CACHE=1: resolve() on a freshly built model): a misspelling of each heading
 * (of every `every`-th), mistyped file names and headings within a file, in one call, text
 * and JSON, `when` and `how`, byte for byte with the exit code; and that no query of them
 * reached the model stage.
 */
function compareCli(root: string, cacheDir: string, every: number): { queries: number; kinds: Record<string, number> } {
  const project = buildProject(readTree(root), DEFAULT_CONFIG);
  const headings = project.decisions.flatMap((file) => file.headings.filter((h) => h.depth >= 2)).filter((_, i) => i % every === 0);
  // One misspelling of each heading, the five kinds in turn.
  const queries = headings.map((h, i) => misspellings(h.text, i)).map((forms, i) => forms[i % forms.length]!);
  // Within one file too, and mistyped file names.
  for (const file of project.decisions) {
    const name = basename(file.path);
    const heading = file.headings.find((h) => h.depth >= 2);
    queries.push(`..${name.slice(1)}`, `..${name.slice(0, 2)}`);
    if (heading) queries.push(`..${name}#${heading.text.slice(0, -1)}`, `..${name.slice(1)}#${heading.text}`, `..${name}#zebra`);
  }
  queries.push('.zebra quantum xylophone');
  const input = `${queries.join('\n')}\n`;
  const env = { MEMDEX_CACHE_DIR: cacheDir };
  // The first section query caches the model, the next restores it and writes the section table at its head.
  for (let i = 0; i < 2; i++) runCli(['when', queries[0]!, '--root', root], { env });
  const loads = recordLoads(cacheDir);
  const kinds: Record<string, number> = {};
  const maxBuffer = 1 << 28;
  for (const args of [['when', '-'], ['how', '-', '--format', 'json']]) {
    loads.clear();
    const staged = runCli([...args, '--root', root], { env: { ...env, NODE_OPTIONS: loads.nodeOptions }, input, maxBuffer });
    expect(loads.files().map((file) => basename(file))).toEqual(['when.cjs', 'when-fuzzy.cjs']);
    expect({ args, ...staged }).toEqual({ args, ...runCli([...args, '--root', root], { env: { MEMDEX_NO_CACHE: '1' }, input, maxBuffer }) });
    if (args.includes('json')) for (const r of JSON.parse(staged.stdout) as { status: string }[]) kinds[r.status] = (kinds[r.status] ?? 0) + 1;
  }
  // (One query a call, each kind: test/resolve/recall-stages.test.ts.)
  return { queries: queries.length, kinds };
}

describe('a mistyped `.Section` through the staged CLI, as the model answers it', () => {
  test('a generated tree of 80 entries, every heading', () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-section-typos-'));
    generateTree(root, { entries: 80, seed: 5, perFile: 20 });
    const { queries, kinds } = compareCli(root, mkdtempSync(join(tmpdir(), 'memdex-section-typos-cache-')), 1);
    expect(queries).toBeGreaterThan(80);
    expect(Object.keys(kinds).sort()).toEqual(['ambiguous', 'found', 'not-found']);
  });
});

describeCorpora('a mistyped `.Section` through the staged CLI on the corpora', () => {
  test.each([
    ['after', AFTER],
    ['before', BEFORE],
  ])('%s: every third heading (the in-process comparison above takes every one)', (_name, tree) => {
    const { queries, kinds } = compareCli(copyTree(tree, 'memdex-section-typos-'), mkdtempSync(join(tmpdir(), 'memdex-section-typos-cache-')), 3);
    expect(queries).toBeGreaterThan(100);
    expect(Object.keys(kinds).sort()).toEqual(['ambiguous', 'found', 'not-found']);
  });
});
