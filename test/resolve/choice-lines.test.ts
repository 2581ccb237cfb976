/**
 * The choices of an ambiguous `memdex when` (src/resolve/choice-lines.ts), end to end through the built CLI:
 * each line a query that picks that one candidate, or, for a heading its file holds more than once (which no
 * query names alone), its place. The same from the model (a cold cache) and from the trigger table (warm).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const A = ['# A', '', '### Examples', '', 'x', '', '### a', '', '### a', '', '## When Mocking', '', 'm', ''];
const B = ['# B', '', '### Examples', '', 'y', '', '### a', '', '## When Mocking', '', 'n', ''];
/** Line (1-based) of each `heading` in a file's lines: counted here, not by memdex. */
const linesOf = (lines: readonly string[], heading: string) => lines.flatMap((l, i) => (l === heading ? [i + 1] : []));

function tree(): { root: string; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'memdex-choices-'));
  dirs.push(root);
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  // Both files' entries share one trigger: `/when mocking` alone leads to two sections.
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory Index\n\n## agents/decisions/a.md\n\n/when mocking\n\n## agents/decisions/b.md\n\n/when mocking\n');
  writeFileSync(join(root, 'agents', 'decisions', 'a.md'), A.join('\n'));
  writeFileSync(join(root, 'agents', 'decisions', 'b.md'), B.join('\n'));
  return { root, cache: join(root, 'cache') };
}

describe('an ambiguous query lists lines that tell its candidates apart', () => {
  const { root, cache } = tree();
  const when = (query: string, cached: boolean) => runCli(['when', query, '--root', root], { cwd: root, env: { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: cached ? '' : '1' } });
  const at = (query: string) => {
    const r = runCli(['when', query, '--root', root, '--format', 'json'], { cwd: root, env: { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '' } });
    const [result] = JSON.parse(r.stdout) as { status: string; section?: { file: string; line: number } }[];
    return result!.status === 'found' ? `${result!.section!.file}:${result!.section!.line}` : result!.status;
  };
  const expected = {
    examples: `memdex: 'examples' matches more than one section; run one of:\n  /when ..a.md#Examples\n  /when ..b.md#Examples\n`,
    mocking: `memdex: 'mocking' matches more than one section; run one of:\n  /when ..a.md#When Mocking\n  /when ..b.md#When Mocking\n`,
    a:
      `memdex: 'a' matches more than one section; run one of these, or read at its place a heading its file holds more than once (no query names it alone):\n` +
      linesOf(A, '### a').map((n) => `  agents/decisions/a.md:${n}  .a\n`).join('') +
      '  /when ..b.md#a\n',
    '..a.md#a':
      `memdex: '..a.md#a' matches more than one heading; each is a heading its file holds more than once, which no query names alone; read it at its place:\n` +
      linesOf(A, '### a').map((n) => `  agents/decisions/a.md:${n}  .a\n`).join(''),
  };

  test.each([['from the model (no cache)', false], ['from the trigger table (cached)', true]])('%s', (_, cached) => {
    if (cached) when('examples', true); // builds the caches
    for (const [query, stderr] of Object.entries(expected)) {
      const r = when(query, cached);
      expect({ query, status: r.status, stderr: r.stderr }).toEqual({ query, status: 1, stderr });
    }
  });

  test('each query listed picks that one candidate', () => {
    expect(at('..a.md#Examples')).toBe(`agents/decisions/a.md:${linesOf(A, '### Examples')[0]}`);
    expect(at('..b.md#Examples')).toBe(`agents/decisions/b.md:${linesOf(B, '### Examples')[0]}`);
    expect(at('..a.md#When Mocking')).toBe(`agents/decisions/a.md:${linesOf(A, '## When Mocking')[0]}`);
    expect(at('..b.md#When Mocking')).toBe(`agents/decisions/b.md:${linesOf(B, '## When Mocking')[0]}`);
    expect(at('..b.md#a')).toBe(`agents/decisions/b.md:${linesOf(B, '### a')[0]}`);
  });

  test('a label that leads to its target alone stays as it is: the operator tells `/when x` from `/how x`', () => {
    const other = mkdtempSync(join(tmpdir(), 'memdex-choices-'));
    dirs.push(other);
    mkdirSync(join(other, 'agents', 'decisions'), { recursive: true });
    writeFileSync(join(other, 'agents', 'memory-index.md'), '# Memory Index\n\n## agents/decisions/t.md\n\n/when mock testing\n/how mock testing\n');
    writeFileSync(join(other, 'agents', 'decisions', 't.md'), '# T\n\n## When Mock Testing\n\na\n\n## How to Mock Testing\n\nb\n');
    const r = runCli(['resolve', 'mock testing', '--root', other], { cwd: other, env: { MEMDEX_NO_CACHE: '1' } });
    expect(r.stderr).toBe(`memdex: 'mock testing' matches more than one section; run one of:\n  /when mock testing\n  /how mock testing\n`);
  });
});
