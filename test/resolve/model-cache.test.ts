/**
 * The resolver's model cache: an unchanged tree is served from it, and any change
 * to a memory file (even one that keeps size and mtime) is seen on the next call.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER, copyTree, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const TESTING = 'agents/decisions/testing.md';

function withCache() {
  const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-cache-test-'));
  return { cacheDir, env: { MEMDEX_CACHE_DIR: cacheDir } };
}

describeCorpora('model cache', () => {
  test('is written on the first call and gives the same answers as no cache', () => {
    const dir = copyTree(AFTER);
    const { cacheDir, env } = withCache();
    const cached = () => readdirSync(cacheDir).map((f) => f.replace(/^[0-9a-f]+/, '<key>')).sort();
    const first = runCli(['when', 'apply mock patches correctly'], { cwd: dir, env });
    // A trigger: the stamps, the trigger table that answers exact triggers, the parsed documents; the model is
    // not cached until a query reads it (issue 27 item 15: its snapshot was a quarter of a cold call on 1 MB).
    expect(cached()).toEqual(['<key>.parse', '<key>.stamps', '<key>.table']);
    const again = runCli(['when', 'apply mock patches correctly'], { cwd: dir, env });
    const uncached = runCli(['when', 'apply mock patches correctly'], { cwd: dir, env: { MEMDEX_NO_CACHE: '1' } });
    expect(first.status).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(uncached.stdout).toBe(first.stdout);
    // A section query reads the model: built then (from the cached parses), cached beside the table, and served from it next.
    // The table the trigger cached is still valid: kept, not built and written again (another file would be another inode).
    const table = join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith('.table'))!);
    const tableIno = statSync(table).ino;
    const section = runCli(['when', '.Mock Patching'], { cwd: dir, env });
    expect(cached()).toEqual(['<key>.model', '<key>.parse', '<key>.stamps', '<key>.table']);
    expect(statSync(table).ino).toBe(tableIno);
    expect(section.status).toBe(0);
    expect(runCli(['when', '.Mock Patching'], { cwd: dir, env }).stdout).toBe(section.stdout);
    expect(runCli(['when', '.Mock Patching'], { cwd: dir, env: { MEMDEX_NO_CACHE: '1' } }).stdout).toBe(section.stdout);
    expect(runCli(['when', 'apply mock patches correctly'], { cwd: dir, env }).stdout).toBe(first.stdout);
  });

  test('an edit that keeps the size and the mtime is still seen (content hash)', () => {
    const dir = copyTree(AFTER);
    const { env } = withCache();
    expect(runCli(['when', 'apply mock patches correctly'], { cwd: dir, env }).stdout).toContain('Patch where object is **used**');
    const path = join(dir, TESTING);
    const before = statSync(path);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('Patch where object is **used**', 'Patch where object is **seen**'));
    utimesSync(path, before.atime, before.mtime);
    expect(statSync(path).size).toBe(before.size);
    const after = runCli(['when', 'apply mock patches correctly'], { cwd: dir, env });
    expect(after.stdout).toContain('Patch where object is **seen**');
  });

  test('a renamed heading is seen: the old trigger no longer resolves', () => {
    const dir = copyTree(AFTER);
    const { env } = withCache();
    expect(runCli(['how', 'split test modules'], { cwd: dir, env }).status).toBe(0);
    const path = join(dir, TESTING);
    writeFileSync(path, readFileSync(path, 'utf8').replace('### How to Split Test Modules', '### How to Divide Test Files'));
    const result = runCli(['how', 'divide test files'], { cwd: dir, env });
    expect(result.stdout).toContain('# How to Divide Test Files');
  });

  test('a corrupt cache file is ignored and rewritten', () => {
    const dir = copyTree(AFTER);
    const { cacheDir, env } = withCache();
    runCli(['when', 'getting current working directory'], { cwd: dir, env });
    const files = readdirSync(cacheDir);
    for (const file of files) writeFileSync(join(cacheDir, file), '{"truncated": ');
    const result = runCli(['when', 'getting current working directory'], { cwd: dir, env });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('# When Getting Current Working Directory');
    for (const file of files) expect(() => JSON.parse(readFileSync(join(cacheDir, file), 'utf8').split('\n')[0]!)).not.toThrow();
  });
});

describe('each cache is built for the queries that read it', () => {
  /** A small tree of its own (no corpora): two entries under one structural section. */
  function smallTree(): string {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-model-cache-order-'));
    mkdirSync(join(dir, 'agents', 'decisions'), { recursive: true });
    writeFileSync(join(dir, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing mock tests | mock patch\n/how to split test modules | test files\n');
    writeFileSync(
      join(dir, 'agents', 'decisions', 'testing.md'),
      '# Testing\n\n## .Mocks and Modules\n\n### When Writing Mock Tests\n\nPatch where the object is used.\n\n### How to Split Test Modules\n\nOne module per behaviour.\n',
    );
    return dir;
  }

  test('a section query caches the model, not the trigger table; the trigger after it writes the table from the cached model', () => {
    const dir = smallTree();
    const { cacheDir, env } = withCache();
    const cached = () => readdirSync(cacheDir).map((f) => f.replace(/^[0-9a-f]+/, '<key>')).sort();
    const section = runCli(['when', '.Mocks and Modules'], { cwd: dir, env });
    expect(section.status).toBe(0);
    expect(section.stdout).toContain('# When Writing Mock Tests');
    // A cold section query on 1 MB of many headings spent ~0.4 s of its ~2 s on a table nothing read (issue 27 item 15).
    expect(cached()).toEqual(['<key>.model', '<key>.parse', '<key>.stamps']);
    const model = join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith('.model'))!);
    const modelIno = statSync(model).ino;
    const trigger = runCli(['when', 'writing mock tests'], { cwd: dir, env });
    expect(trigger.status).toBe(0);
    expect(cached()).toEqual(['<key>.model', '<key>.parse', '<key>.stamps', '<key>.table']);
    // Restored, not rebuilt: the model file is the same file.
    expect(statSync(model).ino).toBe(modelIno);
    const uncached = { MEMDEX_NO_CACHE: '1' };
    expect(trigger.stdout).toBe(runCli(['when', 'writing mock tests'], { cwd: dir, env: uncached }).stdout);
    expect(runCli(['when', 'writing mock tests'], { cwd: dir, env }).stdout).toBe(trigger.stdout);
    expect(runCli(['when', '.Mocks and Modules'], { cwd: dir, env }).stdout).toBe(runCli(['when', '.Mocks and Modules'], { cwd: dir, env: uncached }).stdout);
  });

  test('one call with a trigger and a section query caches both', () => {
    const dir = smallTree();
    const { cacheDir, env } = withCache();
    const both = runCli(['when', '-'], { cwd: dir, env, input: 'writing mock tests\n.Mocks and Modules\n' });
    expect(both.status).toBe(0);
    expect(readdirSync(cacheDir).map((f) => f.replace(/^[0-9a-f]+/, '<key>')).sort()).toEqual(['<key>.model', '<key>.parse', '<key>.stamps', '<key>.table']);
  });
});
