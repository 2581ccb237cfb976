/**
 * The section table (the head of the model cache, read by the exact stage) answers a
 * `.Section` or `..file.md` query exactly as resolve() does on the full model, or not
 * at all; a torn one is never served.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import { resolve } from '../../src/resolve/resolve.js';
import { baseName } from '../../src/resolve/section.js';
import { openSectionTable } from '../../src/resolve/section-lines.js';
import { buildSectionTable } from '../../src/resolve/section-table.js';
import { AFTER, BEFORE, describeCorpora, readTree } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

/** The table as the model cache holds it: its lines, then the snapshot's line. */
function tableOf(project: Project) {
  return openSectionTable(`${buildSectionTable(project)}\n{"snapshot":{}}`)!;
}

/** Every query form of every heading and file, a typo of each, and the table's answer beside the model's. */
function compare(project: Project): { answered: number; left: number } {
  const table = tableOf(project);
  const read = (path: string) => project.files.get(path)!;
  const queries: string[] = [];
  for (const file of project.decisions) {
    const name = baseName(file.path);
    queries.push(`..${name}`, `..${name.replace(/\.md$/, '')}`, `..${name.toUpperCase()}`, `..${name.slice(1)}`, `..${name}#${file.headings.at(-1)?.text ?? 'x'}`);
    for (const heading of file.headings) {
      const text = heading.text.replace(/^\./, '');
      queries.push(`.${text}`, `.${text.toLowerCase()}`, `  .${text}  `, `..${text}`, `/when .${text}`, `.${text.slice(0, -1)}`);
    }
  }
  queries.push('.', '..', '..../x.md', '..a/b.md', '.no such heading at all', 'null');
  let answered = 0;
  let left = 0;
  for (const query of queries) {
    for (const operator of [undefined, 'when', 'how'] as const) {
      const fast = table.resolve(query, operator, read);
      if (fast === undefined) {
        left++;
        continue;
      }
      answered++;
      expect({ query, operator, result: fast }).toEqual({ query, operator, result: resolve(project, query, { operator }) });
    }
  }
  return { answered, left };
}

describe('section table', () => {
  test('a small tree: every heading and file query it answers is the full resolver answer; the rest is left to it', () => {
    const files = new Map([
      ['agents/memory-index.md', '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing mock tests | mock patch\n/how split test modules\n\n## agents/decisions/cli.md\n\n/when writing cli output\n'],
      ['agents/decisions/testing.md', '# Testing\n\n## .Mocks\n\n### When Writing Mock Tests\n\nPatch where used.\n\n### How to Split Test Modules\n\nOne per behaviour.\n\n## .Examples\n\nShared.\n'],
      ['agents/decisions/cli.md', '# CLI\n\n## .Examples\n\nAlso shared.\n\n### When Writing CLI Output\n\nNo destructive hints.\n'],
    ]);
    const project = buildProject(files, DEFAULT_CONFIG);
    const { answered, left } = compare(project);
    expect(answered).toBeGreaterThan(20);
    expect(left).toBeGreaterThan(10); // typos, `.Examples` (two headings), `..file.md#Heading`, unsafe names
    const table = tableOf(project);
    const read = (path: string) => files.get(path)!;
    // What a user sees: the section with its Broader and Related lines, from the table alone.
    expect(table.resolve('.Mocks', undefined, read)).toEqual({
      kind: 'found',
      query: '.Mocks',
      section: { heading: '.Mocks', file: 'agents/decisions/testing.md', line: 3, content: '### When Writing Mock Tests\n\nPatch where used.\n\n### How to Split Test Modules\n\nOne per behaviour.', broader: ['/when ..testing.md'], related: [] },
    });
    expect(table.resolve('.When Writing Mock Tests', undefined, read)).toMatchObject({ section: { content: 'Patch where used.', broader: ['/when .Mocks', '/when ..testing.md'], related: ['/how split test modules'] } });
    expect(table.resolve('.Examples', undefined, read)).toBeUndefined();
    expect(table.resolve('writing mock tests', undefined, read)).toBeUndefined();
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
  ])('%s: answers as the full resolver on every heading and file, typos left to it', (_name, tree) => {
    const { answered, left } = compare(buildProject(readTree(tree), DEFAULT_CONFIG));
    expect(answered).toBeGreaterThan(100);
    expect(left).toBeGreaterThan(100);
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
