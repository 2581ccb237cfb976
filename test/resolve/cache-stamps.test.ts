/**
 * The cache stamps (src/node/cache-files.ts): a file is hashed only while its mtime
 * is too recent to trust, and a hash hit on a file old enough refreshes the stamps,
 * so it is not read again (git's racily-clean refresh). Counted through an injected
 * file system, and end to end by counting a real process's reads.
 */
import { afterAll, afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { CACHE_FORMAT, cachePath, RACY_WINDOW_MS, readPayload, readStamps, writeTreeCache, type CacheIo } from '../../src/node/cache-files.js';
import { AFTER, copyTree, describeCorpora } from '../helpers/corpora.js';
import { runCliCounting } from '../helpers/count-fs.js';
import { runCli } from '../helpers/run-cli.js';

const ROOT = '/virtual/tree';
const INDEX = 'agents/memory-index.md';
const FILE = 'agents/decisions/testing.md';
const T = 1_700_000_000_000; // when the files were written

/** An in-memory tree whose reads are counted and whose clock the test moves. */
function fakeTree(texts: Record<string, string>, mtimeMs: number) {
  const files = new Map(Object.entries(texts).map(([path, text]) => [join(ROOT, path), { bytes: Buffer.from(text), mtimeMs }]));
  const io: CacheIo & { reads: number; clock: number } = {
    reads: 0,
    clock: mtimeMs,
    stat: (path: string) => {
      const f = files.get(path);
      return f && { size: f.bytes.length, mtimeMs: f.mtimeMs };
    },
    read: (path: string) => {
      io.reads++;
      return files.get(path)?.bytes;
    },
    now: () => io.clock,
  };
  return { io, files };
}

const cleanup: string[] = [];
const savedEnv = { ...process.env };
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-stamps-'));
  cleanup.push(dir);
  process.env.MEMDEX_CACHE_DIR = dir;
  delete process.env.MEMDEX_NO_CACHE;
});
afterEach(() => {
  process.env = { ...savedEnv };
});
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('cache stamps', () => {
  const texts: Record<string, string> = { [INDEX]: '# Memory Index\n', [FILE]: '# Testing\n\n## When Testing\n\nText.\n' };
  const paths = [INDEX, FILE];
  const build = (at: number) =>
    writeTreeCache(ROOT, DEFAULT_CONFIG, at, paths.map((path) => ({ path, text: texts[path]!, size: Buffer.byteLength(texts[path]!), mtimeMs: T })), {});

  test('a file written just before the build is hashed inside the racy window, then trusted without reading', () => {
    const { io } = fakeTree(texts, T);
    build(T + 100);
    const readsAt = (now: number) => {
      io.clock = now;
      const before = io.reads;
      expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeDefined();
      return io.reads - before;
    };
    expect(readsAt(T + 500)).toBe(2); // racy: an edit in the same clock tick would not show in the mtime
    expect(readsAt(T + 600)).toBe(2);
    expect(readsAt(T + RACY_WINDOW_MS + 1000)).toBe(2); // old enough now: hashed once more, and the stamps refreshed
    expect(readsAt(T + RACY_WINDOW_MS + 1100)).toBe(0);
    expect(readsAt(T + 3_600_000)).toBe(0);
  });

  test('a touched file (new mtime, same bytes) is hashed once, then trusted', () => {
    const { io, files } = fakeTree(texts, T);
    build(T + 10_000); // every stamp trusted
    io.clock = T + 20_000;
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeDefined();
    expect(io.reads).toBe(0);
    files.get(join(ROOT, FILE))!.mtimeMs = T + 15_000;
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeDefined();
    expect(io.reads).toBe(1);
    io.clock = T + 21_000;
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeDefined();
    expect(io.reads).toBe(1);
  });

  test('changed bytes of the same size and mtime inside the racy window invalidate the stamps', () => {
    const { io, files } = fakeTree(texts, T);
    build(T + 100);
    files.get(join(ROOT, FILE))!.bytes = Buffer.from(texts[FILE]!.replace('Text.', 'Txet.'));
    io.clock = T + 500;
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeUndefined();
  });

  test('one format version covers every cache file: stamps or a payload of another version are not used', () => {
    const { io } = fakeTree(texts, T);
    const stamps = writeTreeCache(ROOT, DEFAULT_CONFIG, T + 10_000, paths.map((path) => ({ path, text: texts[path]!, size: Buffer.byteLength(texts[path]!), mtimeMs: T })), { table: 'TABLE', model: 'MODEL' });
    io.clock = T + 20_000;
    expect(readPayload(ROOT, 'table', readStamps(ROOT, DEFAULT_CONFIG, paths, io)!)).toBe('TABLE');
    for (const kind of ['model', 'table', 'stamps'] as const) {
      const file = cachePath(ROOT, kind);
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(`"format":${CACHE_FORMAT}`, `"format":${CACHE_FORMAT - 1}`));
    }
    expect(readPayload(ROOT, 'model', stamps)).toBeUndefined();
    expect(readPayload(ROOT, 'table', stamps)).toBeUndefined();
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeUndefined();
  });

  test('an index created after the build invalidates stamps written without one', () => {
    const { io, files } = fakeTree({ [FILE]: texts[FILE]! }, T);
    writeTreeCache(ROOT, DEFAULT_CONFIG, T + 10_000, [{ path: FILE, text: texts[FILE]!, size: Buffer.byteLength(texts[FILE]!), mtimeMs: T }], {});
    io.clock = T + 20_000;
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeDefined();
    files.set(join(ROOT, INDEX), { bytes: Buffer.from(texts[INDEX]!), mtimeMs: T + 19_000 });
    expect(readStamps(ROOT, DEFAULT_CONFIG, paths, io)).toBeUndefined();
  });
});

describeCorpora('reads per call, counted in a real process', () => {
  const TRIGGER = 'apply mock patches correctly';

  /** A copied tree whose caches were built (the table by a trigger, the model by a section query), then every memory file's mtime moved an hour back (same bytes). */
  function agedTree() {
    const dir = copyTree(AFTER);
    const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-stamps-cli-'));
    cleanup.push(dir, cacheDir);
    const env = { MEMDEX_CACHE_DIR: cacheDir };
    expect(runCli(['when', TRIGGER], { cwd: dir, env }).status).toBe(0);
    expect(runCli(['when', '.Mock Patching'], { cwd: dir, env }).status).toBe(0);
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(join(dir, INDEX), old, old);
    for (const name of readdirSync(join(dir, 'agents/decisions'))) utimesSync(join(dir, 'agents/decisions', name), old, old);
    return { dir, env };
  }

  test('an exact hit reads only the printed file once the stamps were refreshed', () => {
    const { dir, env } = agedTree();
    const first = runCliCounting(['when', TRIGGER], dir, env); // hashes each file once and refreshes the stamps
    expect(first.status).toBe(0);
    const later = runCliCounting(['when', TRIGGER], dir, env);
    expect(later.stdout).toBe(first.stdout);
    expect(later.counts.reads).toEqual({ [FILE]: 1 });
  });

  test('a batch of an exact and a fuzzy query reads the printed file once, across the exact and the fuzzy stage', () => {
    const { dir, env } = agedTree();
    expect(runCliCounting(['when', TRIGGER], dir, env).status).toBe(0); // refreshes the stamps
    const batch = runCliCounting(['when', TRIGGER, 'aply mock patches corectly'], dir, env);
    expect(batch.status).toBe(0);
    expect(batch.stdout).toMatch(/^# How to Apply Mock Patches Correctly\n/);
    expect(batch.counts.reads).toEqual({ [FILE]: 1 }); // the exact stage hands the file it read to the fuzzy stage
  });

  // The one-typo query is answered by the fast path; the section query is handed to the full CLI with the validated stamps.
  test.each([
    ['a fuzzy query', 'aply mock patches corectly', '# How to Apply Mock Patches Correctly'],
    ['a section query (handed to the full CLI)', '.Mock Patching', '# .Mock Patching'],
  ])('%s reads and stats each memory file once, not once per layer', (_kind, query, heading) => {
    const { dir, env } = agedTree();
    const result = runCliCounting(['when', query], dir, env);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(heading);
    const files = [INDEX, ...readdirSync(join(dir, 'agents/decisions')).map((name) => `agents/decisions/${name}`)];
    for (const file of files) {
      // one hash check (+ the printed file's text), one stat for the stamp (the listing takes the entry types
      // from readdir; + the printed file's confinement check, src/node/read-confined.ts, against symlink swaps)
      expect({ file, reads: result.counts.reads[file] ?? 0 }).toEqual({ file, reads: file === FILE ? 2 : 1 });
      expect({ file, stats: result.counts.stats[file] ?? 0 }).toEqual({ file, stats: file === FILE ? 2 : 1 });
    }
  });
});
