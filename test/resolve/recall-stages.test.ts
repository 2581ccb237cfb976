/**
 * `memdex when|how|resolve` is answered by the first of three stages that can
 * (bin/memdex.cjs): exact phrases (dist/when.cjs, run from V8's code cache),
 * fuzzy matches over the same table (dist/when-fuzzy.cjs), the full resolver on
 * the model (the ES module CLI). Each stage hands the next what it parsed and read.
 * End to end through the built CLI: every stage prints what the model prints, the
 * stage that answers is the one expected, and what was read is not read again.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';
import { tryExact } from '../../src/when/exact-stage.js';
import { tryFuzzy } from '../../src/when/fuzzy-stage.js';
import type { WhenHandoff } from '../../src/app/when.js';
import { requireCached } from '../../src/when/code-cache.js';

const temp = tempDirs('memdex-stages-');

/** A fresh copy of the example tree and a cache folder with its table built. */
function cachedTree() {
  const root = temp(EXAMPLE);
  const env = { MEMDEX_CACHE_DIR: temp() };
  expect(runCli(['when', 'writing mock tests', '--root', root], { env }).status).toBe(0);
  return { root, env };
}

/** Which bundles of dist/ a run loaded, by file name (the code-cached when.cjs is loaded by code-cache.cjs). */
function bundlesOf(args: readonly string[], root: string, env: Record<string, string>): string[] {
  const record = recordLoads(temp());
  const result = runCli([...args, '--root', root], { env: { ...env, NODE_OPTIONS: record.nodeOptions } });
  expect(result.status).not.toBeNull();
  return [...new Set(record.files().map((file) => basename(file)))];
}

describe('each stage prints what the full resolver prints', () => {
  const cases: [string, string[]][] = [
    ['an exact trigger', ['when', 'writing mock tests']],
    ['an exact trigger, json', ['when', 'writing mock tests', '--format', 'json']],
    ['an exact trigger without navigation', ['how', 'parse command line flags', '--no-nav']],
    ['one typo', ['when', 'writing mok tests']],
    ['one typo, json', ['when', 'writing mok tests', '--format=json']],
    ['a miss (fuzzy choices and related entries)', ['when', 'xyzzy plugh frobnicate']],
    ['a section', ['when', '.Integration']],
    ['a batch: exact, typo, null', ['resolve', 'when writing mock tests', 'how run tests agains real git', 'null']],
    ['a batch with a miss, json', ['when', 'writing mock tests', 'xyzzy plugh frobnicate', '--format', 'json']],
    ['an unusual command line (parseArgs decides)', ['when', '--format', 'json', '--', 'writing mock tests']],
    ['a usage error', ['when', 'writing mock tests', '--format', 'xml']],
    ['a repeated option', ['when', 'writing mock tests', '--no-nav', '--no-nav']],
  ];

  test.each(cases)('%s', (_name, args) => {
    const { root, env } = cachedTree();
    const reference = runCli([...args, '--root', root], { env: { ...env, MEMDEX_NO_CACHE: '1' } }); // no table: the model answers
    const staged = runCli([...args, '--root', root], { env });
    expect(staged).toEqual(reference);
  });
});

describe('the stage that answers', () => {
  test('an exact trigger: the exact bundle alone, no fuzzy engine, no ES module CLI', () => {
    const { root, env } = cachedTree();
    const loaded = bundlesOf(['when', 'writing mock tests'], root, env);
    expect(loaded).toContain('code-cache.cjs');
    expect(loaded).not.toContain('when-fuzzy.cjs');
    expect(loaded).not.toContain('cli.js');
  });

  test('one typo: the fuzzy bundle, no ES module CLI', () => {
    const { root, env } = cachedTree();
    const loaded = bundlesOf(['when', 'writing mok tests'], root, env);
    expect(loaded).toContain('when-fuzzy.cjs');
    expect(loaded).not.toContain('cli.js');
  });

  test('a miss: past both table stages, to the full resolver', () => {
    const { root, env } = cachedTree();
    expect(bundlesOf(['when', 'xyzzy plugh frobnicate'], root, env)).toEqual(expect.arrayContaining(['when-fuzzy.cjs', 'cli.js']));
  });
});

describe('what the exact stage hands over', () => {
  test('no exact phrase: the parsed request, the validated stamps, the table and no decision file', () => {
    const { root, env } = cachedTree();
    process.env.MEMDEX_CACHE_DIR = env.MEMDEX_CACHE_DIR;
    try {
      const handover = tryExact('when', ['writing', 'mok', 'tests', '--root', root, '--no-nav']);
      expect(typeof handover).toBe('object');
      const handoff = (handover as { when: WhenHandoff }).when;
      expect(handoff.command).toBe('when');
      expect(handoff.request).toMatchObject({ operator: 'when', queries: ['writing mok tests'], root, format: 'text', navigation: false });
      expect(handoff.stamps?.files.map((f) => f.path)).toContain('agents/memory-index.md');
      expect(handoff.table).toBe(readFileSync(join(env.MEMDEX_CACHE_DIR, readdirTable(env.MEMDEX_CACHE_DIR)), 'utf8').replace(/^[^\n]*\n/, ''));
      expect(handoff.files).toEqual({});
    } finally {
      delete process.env.MEMDEX_CACHE_DIR;
    }
  });

  test('the fuzzy stage hands a miss on to the full CLI with the stamps, having printed nothing', () => {
    const { root, env } = cachedTree();
    process.env.MEMDEX_CACHE_DIR = env.MEMDEX_CACHE_DIR;
    try {
      const first = tryExact('when', ['xyzzy plugh frobnicate', '--root', root]) as { when: WhenHandoff };
      const next = tryFuzzy(first.when) as { when: WhenHandoff };
      expect(next.when).toEqual({ command: 'when', request: first.when.request, stamps: first.when.stamps });
    } finally {
      delete process.env.MEMDEX_CACHE_DIR;
    }
  });
});

describe('V8 code cache of the exact bundle (src/when/code-cache.ts)', () => {
  const headerOf = (code: string) => {
    const bytes = readFileSync(code);
    return JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString('utf8')) as { bundle: string; complete: boolean };
  };

  test('written by the first run, again by the first exact hit, then only used', () => {
    const { root, env } = cachedTree();
    const code = codeFile(env.MEMDEX_CACHE_DIR);
    // the call that built the table wrote it, from a run that stopped before the lookup
    expect(headerOf(code).complete).toBe(false);
    const first = runCli(['when', 'writing mock tests', '--root', root], { env });
    expect(first.stdout).toMatch(/^# When Writing Mock Tests\n/);
    expect(headerOf(code).complete).toBe(true);
    const written = readFileSync(code);
    const before = statSync(code).mtimeMs;
    for (const args of [['when', 'writing mock tests'], ['when', 'writing mok tests'], ['how', 'parse command line flags']]) {
      expect(runCli([...args, '--root', root], { env }).status).toBe(0);
    }
    expect(runCli(['when', 'writing mock tests', '--root', root], { env })).toEqual(first);
    expect(statSync(code).mtimeMs).toBe(before);
    expect(readFileSync(code).equals(written)).toBe(true);
  });

  test.each([
    ['garbage after a valid header', (header: string) => `${header}\n${'x'.repeat(5000)}`],
    ['the code of another bundle file', (header: string) => `${header.replace(/"bundle":"[^"]*"/, '"bundle":"1:2:v0:x"')}\n${'x'.repeat(5000)}`],
    ['no header', () => 'not a cache file'],
  ])('%s: ignored, the answer is right, and the cache is written anew', (_name, corrupt) => {
    const { root, env } = cachedTree();
    const code = codeFile(env.MEMDEX_CACHE_DIR);
    const expected = runCli(['when', 'writing mock tests', '--root', root], { env });
    const good = readFileSync(code);
    const header = good.subarray(0, good.indexOf(0x0a)).toString('utf8');
    writeFileSync(code, corrupt(header));
    const result = runCli(['when', 'writing mock tests', '--root', root], { env });
    expect(result).toEqual(expected);
    const rewritten = readFileSync(code);
    expect(rewritten.subarray(0, rewritten.indexOf(0x0a)).toString('utf8')).toBe(header);
    expect(rewritten.length).toBeGreaterThan(1000);
  });

  test('one file per bundle file: two installs keep their own code instead of taking turns', () => {
    const cache = temp();
    process.env.MEMDEX_CACHE_DIR = cache;
    try {
      const bundles = ['a', 'b'].map((name) => {
        const file = join(temp(), 'when.cjs'); // the same name, in two places
        writeFileSync(file, `"use strict";\nconst { join } = require("node:path");\nexports.name = () => join("${name}", "x");\n`);
        return file;
      });
      for (const file of bundles) {
        const loaded = requireCached<{ name(): string }>(file);
        loaded.exports.name();
        loaded.save(true);
      }
      const files = () => readdirSync(cache).filter((name) => name.endsWith('.code')).map((name) => [name, statSync(join(cache, name)).mtimeMs]);
      const written = files();
      expect(written).toHaveLength(2);
      for (const file of bundles) {
        const loaded = requireCached<{ name(): string }>(file);
        expect(loaded.exports.name()).toBe(`${file === bundles[0] ? 'a' : 'b'}/x`);
        loaded.save(true); // its own code was found and used: nothing to write
      }
      expect(files()).toEqual(written);
    } finally {
      delete process.env.MEMDEX_CACHE_DIR;
    }
  });

  test('a bundle that requires anything but a built-in module is an internal error, named', () => {
    const file = join(temp(), 'bad.cjs');
    writeFileSync(file, 'require("./elsewhere.cjs");\n');
    expect(() => requireCached(file)).toThrow("internal error: a bundle of dist/ required './elsewhere.cjs'; only Node's built-in modules are served to it");
  });

  test('MEMDEX_NO_CACHE=1: no compiled code is kept', () => {
    const root = temp(EXAMPLE);
    const cache = temp();
    expect(runCli(['when', 'writing mock tests', '--root', root], { env: { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '1' } }).status).toBe(0);
    expect(readdirSync(cache).filter((name) => name.endsWith('.code'))).toEqual([]);
  });
});

/** The one compiled-code file of the cache folder (named after the bundle's path). */
function codeFile(dir: string): string {
  const names = readdirSync(dir).filter((name) => name.endsWith('.code'));
  expect(names).toHaveLength(1);
  return join(dir, names[0]!);
}

function readdirTable(dir: string): string {
  const name = readdirSync(dir).find((n) => n.endsWith('.table'));
  if (!name) throw new Error(`no table in ${dir}`);
  return name;
}
