import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadsYargs, recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';
import { writeMemory } from './memory-tree.js';

/** End to end through the built CLI (npm test builds first), on a small real tree. */
const root = mkdtempSync(join(tmpdir(), 'memdex-suggest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeMemory(root);
const run = (args: string[], input?: string) => runCli(['suggest', ...args, '--root', root], input === undefined ? {} : { input });

describe('memdex suggest', () => {
  test('ranked /when and /how lines with their scores, exit 0', () => {
    const r = run(['I am writing tests with mocks']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d\.\d{3} {2}\/when writing mock tests\n/);
    expect(r.stderr).toBe('');
  });

  test('- reads the text from stdin; --format json is an array of {label, score}; --limit caps it', () => {
    const r = run(['-', '--format', 'json', '--limit', '1'], 'How should I encode the paths of files?\n');
    expect(r.status).toBe(0);
    const parsed = JSON.parse(r.stdout) as { label: string; score: number }[];
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.label).toBe('/how encode file paths');
    expect(typeof parsed[0]!.score).toBe('number');
  });

  test('nothing related: nothing on stdout, the reason on stderr, exit 1', () => {
    const r = run(['Preheat the oven and whisk the eggs with sugar']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('memdex: no index entry is related enough to this text (no score reaches 0.2)\n');
  });

  test('usage errors exit 2 with what is expected', () => {
    const none = run([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('give a text, e.g. `memdex suggest');
    const stdinEmpty = run(['-'], '  \n');
    expect(stdinEmpty.status).toBe(2);
    expect(stdinEmpty.stderr).toContain('give a text');
    const limit = run(['mocks', '--limit', '0']);
    expect(limit.status).toBe(2);
    expect(limit.stderr).toContain('--limit 0: expected a whole number of at least 1');
  });

  test('a tree without a memory index: exit 2 naming the file', () => {
    const bare = mkdtempSync(join(tmpdir(), 'memdex-suggest-bare-'));
    try {
      writeFileSync(join(bare, 'memdex.config.json'), '{}\n');
      const r = runCli(['suggest', 'mock tests', '--root', bare]);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('memdex: agents/memory-index.md: memory index not found\n');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  test('the index is cached with the model: built once, read back while the tree is unchanged, rebuilt when it changes', () => {
    const tree = mkdtempSync(join(tmpdir(), 'memdex-suggest-cache-'));
    const cache = join(tree, '.cache');
    const env = { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '' };
    try {
      writeMemory(tree, [['/when writing mock tests', 'When Writing Mock Tests', 'Prefer fakes.']]);
      const ask = (text: string) => runCli(['suggest', text, '--root', tree], { env });
      expect(ask('mock tests').stdout).toContain('/when writing mock tests');
      const [payload] = readdirSync(cache).filter((name) => name.endsWith('.suggest'));
      expect(payload).toBeDefined();
      // What the next call ranks with is the cached index, not the files: a label changed in it is printed (as many
      // bytes: the stored index is torn otherwise, src/suggest/index-file.ts).
      const file = join(cache, payload!);
      writeFileSync(file, readFileSync(file, 'latin1').replace('/when writing mock tests', '/when writing fake tests'), 'latin1');
      expect(ask('mock tests').stdout).toContain('/when writing fake tests');
      // A new entry in the tree invalidates it: the next call sees the entry.
      appendFileSync(join(tree, 'agents', 'memory-index.md'), '/when tuning database indexes\n');
      appendFileSync(join(tree, 'agents', 'decisions', 'testing.md'), '\n## When Tuning Database Indexes\n\nMeasure first.\n');
      const after = ask('database indexes are slow');
      expect(after.status).toBe(0);
      expect(after.stdout).toMatch(/^\d\.\d{3} {2}\/when tuning database indexes\n/);
      expect(ask('mock tests').stdout).toContain('/when writing mock tests');
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  test('runs from its own bundle: neither the full CLI nor yargs is loaded (--help still renders)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-suggest-loads-'));
    try {
      const loads = recordLoads(dir);
      const r = runCli(['suggest', 'I am writing tests with mocks', '--root', root], { env: { NODE_OPTIONS: loads.nodeOptions } });
      expect(r.stdout).toContain('/when writing mock tests');
      expect(loads.files().filter((file) => file.endsWith('/dist/cli.cjs'))).toEqual([]);
      expect(loadsYargs(loads.files())).toBe(false);
      expect(runCli(['suggest', '--help']).stdout).toContain('Usage: memdex suggest [text..] [options]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
