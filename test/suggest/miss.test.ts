/**
 * A trigger miss in `memdex when|how` lists the entries about the query's words (the
 * topic ranker) next to the character-fuzzy choices; an exact hit is still answered
 * by the when fast path alone. End to end through the built CLI.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';
import { writeMemory } from './memory-tree.js';

const root = mkdtempSync(join(tmpdir(), 'memdex-suggest-miss-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeMemory(root);
const when = (args: string[], env: Record<string, string> = {}) => runCli(['when', ...args, '--root', root], { env });

describe('a trigger miss lists the entries about its words', () => {
  test('text: no fuzzy choice, but an entry whose section is about the words', () => {
    const r = when(['separators as dashes']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("memdex: no entry matches 'separators as dashes'. Entries about these words:\n  /how encode file paths\n");
  });

  test('text: next to the fuzzy choices, without repeating them', () => {
    const r = when(['mock patch where the object is defined, gate each phase']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^memdex: no entry matches 'mock patch where the object is defined, gate each phase'\. Closest entries:\n( {2}\/\S.*\n)+Entries about these words:\n( {2}\/\S.*\n)+$/);
    const [closest, about] = r.stderr.split('Entries about these words:');
    const lines = (text: string) => text!.split('\n').filter((l) => l.startsWith('  /')).map((l) => l.trim());
    expect(lines(about!).length).toBeGreaterThan(0);
    expect(lines(about!).filter((l) => lines(closest!).includes(l))).toEqual([]);
  });

  test('json: `related` holds {label, score} per entry; [] when nothing is about the words', () => {
    const r = when(['separators as dashes', 'zzzz qqqq', '--format', 'json']);
    const [hit, none] = JSON.parse(r.stdout) as { status: string; related: { label: string; score: number }[] }[];
    expect(hit!.status).toBe('not-found');
    expect(hit!.related).toEqual([{ label: '/how encode file paths', score: expect.any(Number) }]);
    expect(none!.related).toEqual([]);
  });

  test('an exact hit is still answered from the exact stage; a miss hands over to the ranker stage, not the model stage, neither loads the full CLI', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-suggest-loads-'));
    try {
      const loads = recordLoads(dir);
      const env = { NODE_OPTIONS: loads.nodeOptions };
      const cliLoaded = () => loads.files().some((file) => file.endsWith('/dist/cli.cjs'));
      const modelStageLoaded = () => loads.files().some((file) => file.endsWith('/dist/when-model.cjs'));
      const rankerStageLoaded = () => loads.files().some((file) => file.endsWith('/dist/when-related.cjs'));
      when(['writing mock tests'], env); // builds the cache
      when(['separators as dashes'], env); // and the ranker's index
      loads.clear();
      expect(when(['writing mock tests'], env).status).toBe(0);
      expect(cliLoaded()).toBe(false);
      expect(modelStageLoaded()).toBe(false);
      expect(rankerStageLoaded()).toBe(false);
      expect(when(['separators as dashes'], env).status).toBe(1);
      expect(rankerStageLoaded()).toBe(true);
      expect(modelStageLoaded()).toBe(false);
      expect(cliLoaded()).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a miss whose ranker index is not in the cache', () => {
  test.each([
    ['missing', (path: string) => rmSync(path)],
    ['torn', (path: string) => writeFileSync(path, readFileSync(path).subarray(0, -40))],
  ])('%s: the ranker stage hands over to the model stage, which builds it; the same answer', (_name, spoil) => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-suggest-spoilt-'));
    try {
      const loads = recordLoads(dir);
      const env = { MEMDEX_CACHE_DIR: join(dir, 'cache') };
      const expected = "memdex: no entry matches 'separators as dashes'. Entries about these words:\n  /how encode file paths\n";
      expect(when(['separators as dashes'], env).stderr).toBe(expected); // builds the cache, the ranker's index with it
      spoil(join(env.MEMDEX_CACHE_DIR, readdirSync(env.MEMDEX_CACHE_DIR).find((file) => file.endsWith('.suggest'))!));
      loads.clear();
      const r = when(['separators as dashes'], { ...env, NODE_OPTIONS: loads.nodeOptions });
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 1, stdout: '', stderr: expected });
      const loaded = loads.files().map((file) => file.replace(/.*\/dist\//, ''));
      expect(loaded).toEqual(expect.arrayContaining(['when-related.cjs', 'when-model.cjs']));
      expect(loaded).not.toContain('cli.cjs');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
