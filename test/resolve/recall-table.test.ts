/**
 * The trigger table (the fast path of a hook call) answers exactly as resolve() does
 * on the full model, or not at all.
 */
import { describe, expect, test } from '@jest/globals';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { buildTriggerTable } from '../../src/resolve/trigger-table.js';
import { resolveFromTriggerTable } from '../../src/resolve/trigger-lookup.js';
import { resolve } from '../../src/resolve/resolve.js';
import { AFTER, readTree, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';
import { copyTree } from '../helpers/corpora.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const project = buildProject(readTree(AFTER), DEFAULT_CONFIG);
const table = buildTriggerTable(project);
const read = (path: string) => project.files.get(path)!;
const entries = project.index?.entries ?? [];

describeCorpora('trigger table', () => {
  test('answers every trigger, in every operator form, exactly as the full resolver', () => {
    let answered = 0;
    for (const entry of entries) {
      const forms: [string, 'when' | 'how' | undefined][] = [
        [entry.trigger, undefined],
        [entry.trigger, entry.operator],
        [`/${entry.operator} ${entry.trigger}`, undefined],
        [`${entry.operator === 'how' ? 'HOW TO' : 'When'} ${entry.trigger}`, undefined],
        [`  "${entry.trigger}" `, entry.operator],
      ];
      for (const [query, operator] of forms) {
        const fast = resolveFromTriggerTable(table, query, operator, read);
        expect(fast).toEqual(resolve(project, query, { operator }));
        if (fast) answered++;
      }
    }
    expect(answered).toBe(entries.length * 5);
  });

  test('answers fuzzy, ambiguous and unknown triggers exactly as the full resolver; leaves section and file queries to it', () => {
    for (const query of ['writing mock test', 'no such thing at all', 'null', 'mock', 'tests']) {
      expect(resolveFromTriggerTable(table, query, undefined, read)).toEqual(resolve(project, query));
      expect(resolveFromTriggerTable(table, query, 'how', read)).toEqual(resolve(project, query, { operator: 'how' }));
    }
    for (const query of ['.Mock Patching', '..testing.md']) expect(resolveFromTriggerTable(table, query, undefined, read)).toBeUndefined();
  });

  test('answers perturbed triggers (a typo, a dropped word, swapped words) exactly as the full resolver', () => {
    const kinds = new Set<string>();
    for (const entry of entries) {
      const words = entry.trigger.split(' ');
      const long = words.findIndex((w) => w.length > 4);
      const perturbed = [
        long === -1 ? undefined : words.map((w, i) => (i === long ? w.slice(0, 2) + w.slice(3) : w)).join(' '),
        words.length > 2 ? words.slice(1).join(' ') : undefined,
        words.length > 1 ? [words[1], words[0], ...words.slice(2)].join(' ') : undefined,
      ];
      for (const query of perturbed) {
        if (query === undefined) continue;
        const fast = resolveFromTriggerTable(table, query, entry.operator, read);
        expect(fast).toEqual(resolve(project, query, { operator: entry.operator }));
        kinds.add(fast!.kind);
      }
    }
    expect([...kinds].sort()).toEqual(['ambiguous', 'found']); // not-found: the test above
  });

  test('end to end: a batch of all 152 triggers prints the same with the table as without any cache', () => {
    const dir = copyTree(AFTER);
    const cache = { MEMDEX_CACHE_DIR: mkdtempSync(join(tmpdir(), 'memdex-table-')) };
    const input = entries.map((e) => `/${e.operator} ${e.trigger}`).join('\n');
    const uncached = runCli(['resolve', '-'], { cwd: dir, input, env: { MEMDEX_NO_CACHE: '1' } });
    const building = runCli(['resolve', '-'], { cwd: dir, input, env: cache });
    const fromTable = runCli(['resolve', '-', '--format', 'json'], { cwd: dir, input, env: cache });
    const fromModel = runCli(['resolve', '-', '--format', 'json'], { cwd: dir, input, env: { MEMDEX_NO_CACHE: '1' } });
    expect(uncached.status).toBe(0);
    expect(building.stdout).toBe(uncached.stdout);
    expect(fromTable.stdout).toBe(fromModel.stdout);
  });

  test('a stdin batch the table cannot fully answer is handed to the full resolver with its stdin intact', () => {
    const dir = copyTree(AFTER);
    const env = { MEMDEX_CACHE_DIR: mkdtempSync(join(tmpdir(), 'memdex-table-')) };
    expect(runCli(['when', 'writing red phase assertions'], { cwd: dir, env }).status).toBe(0); // builds the table
    const input = 'when writing red phase assertions\nwriting red phase assertion\n';
    const mixed = runCli(['resolve', '-'], { cwd: dir, input, env });
    expect(mixed.status).toBe(0);
    // the exact query and its fuzzy variant name the same section: printed once
    expect(mixed.stdout.match(/^# When Writing Red Phase Assertions$/gm)).toHaveLength(1);
    expect(runCli(['resolve', '-'], { cwd: dir, input: 'no such trigger anywhere\n', env }).status).toBe(1);
  });
});

test('a target row is the compact JSON of its section, its file and Broader lines on its group\'s line, written without JSON.stringify (issue 27 §15: 2 s of 166,665 headings; 32 MB of keyed rows)', () => {
  const decision = '# T\n\n## .Group "one"\n\n### When Quoting "a\\b"\tx\n\nBody.\n\n#### How to Nest Ünïcode\n\n## Free \u0001 text\n\n### When writing tests\n';
  const texts = new Map([
    ['agents/memory-index.md', '# Memory Index\n\n## agents/decisions/t.md\n\n/when writing tests\n'],
    ['agents/decisions/t.md', decision],
  ]);
  const built = buildProject(texts, DEFAULT_CONFIG);
  const lines = buildTriggerTable(built).split('\n');
  const first = 2 + Number(lines[0]);
  const rows = lines.slice(first, first + Number(lines[1]));
  const headings = built.decisions[0]!.headings.filter((h) => h.depth > 1 && !h.structural);
  // Independent of the writer: each row parses back to the heading's own fields, and is exactly JSON.stringify of them.
  const parsed = rows.map((r) => JSON.parse(r) as unknown[]);
  expect(parsed.map((r) => r.slice(0, 4))).toEqual(headings.map((h) => [h.text, h.line, h.bodyStart, h.sectionEnd]));
  for (const r of rows) expect(r).toBe(JSON.stringify(JSON.parse(r)));
  expect(parsed[0]).toEqual(['When Quoting "a\\b"\tx', 5, headings[0]!.bodyStart, headings[0]!.sectionEnd, parsed[0]![4], '/when Quoting "a\\b" x']);
  const group = (r: unknown[]) => JSON.parse(lines[first + rows.length + (r[4] as number)]!) as unknown[];
  expect(group(parsed[0]!).slice(0, 2)).toEqual(['agents/decisions/t.md', ['/when .Group "one"', '/when ..t.md']]);
  expect(group(parsed[3]!)).toEqual(['agents/decisions/t.md', ['/when .Free \u0001 text', '/when ..t.md'], [[3, '/when writing tests']]]);
  expect(lines[first + rows.length + (parsed[0]![4] as number)]).toBe(JSON.stringify(group(parsed[0]!)));
});

test('a target no line picks alone has no choice in its row, and the table lists its place like resolve() does', () => {
  const texts = new Map([
    ['agents/memory-index.md', '# Memory Index\n'],
    ['agents/decisions/t.md', '# T\n\n### a\n\nOne.\n\n### a\n\nTwo.\n'],
  ]);
  const built = buildProject(texts, DEFAULT_CONFIG);
  const table = buildTriggerTable(built);
  const lines = table.split('\n');
  expect(lines.slice(2 + Number(lines[0]), 4 + Number(lines[0]))).toEqual(['["a",3,9,14,0]', '["a",7,13,18,0]'].map((r, i) => r.replace(/,\d+,\d+,0]/, `,${built.decisions[0]!.headings[i + 1]!.bodyStart},${built.decisions[0]!.headings[i + 1]!.sectionEnd},0]`)));
  const read = (path: string) => texts.get(path)!;
  const answer = resolveFromTriggerTable(table, 'a', 'when', read);
  expect(answer?.kind).not.toBe('found');
  expect(answer).toEqual(resolve(built, 'a', { operator: 'when' }));
});
