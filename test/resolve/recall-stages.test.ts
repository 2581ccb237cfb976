/**
 * `memdex when|how|resolve` is answered by the first of three stages that can
 * (bin/memdex.cjs): exact phrases (dist/when.cjs; and `.Section`, `..file.md` from the
 * section table at the head of the cached model),
 * fuzzy matches over the same tables (dist/when-fuzzy.cjs), the full resolver on
 * the model (dist/when-model.cjs; the full CLI for errors and --help), and for
 * a miss the ranker's related entries (dist/when-related.cjs). Each
 * stage hands the next what it parsed and read.
 * End to end through the built CLI: every stage prints what the model prints, the
 * stage that answers is the one expected, and what was read is not read again.
 */
import { describe, expect, test } from '@jest/globals';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { recordLoads } from '../helpers/loaded-modules.js';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';
import { tryExact } from '../../src/when/exact-stage.js';
import { tryFuzzy } from '../../src/when/fuzzy-stage.js';
import type { WhenHandoff } from '../../src/app/when.js';

const temp = tempDirs('memdex-stages-');

/**
 * The cache states the tests start from, each made once by the CLI and copied per test: a test's runs change its
 * copy (a miss caches the ranker's index, a section the model), never the template. One copy of the example tree
 * serves them all: `when` reads the tree and writes only its cache folder (which is keyed by the tree's path).
 */
let tree: string | undefined;
const templates = new Map<string, string>();
function cacheState(name: string, make: (root: string, env: Record<string, string>) => void): { root: string; env: Record<string, string> } {
  tree ??= temp(EXAMPLE);
  let template = templates.get(name);
  if (template === undefined) {
    template = temp();
    make(tree, { MEMDEX_CACHE_DIR: template });
    templates.set(name, template);
  }
  const cache = temp();
  cpSync(template, cache, { recursive: true });
  return { root: tree, env: { MEMDEX_CACHE_DIR: cache } };
}

/** The example tree and a cache folder with its table built. */
function cachedTree() {
  return cacheState('table', (root, env) => {
    expect(runCli(['when', 'writing mock tests', '--root', root], { env }).status).toBe(0);
  });
}

/** The example tree and a cache folder with its table built, then the model cached by a section query and restored by the next one (which writes the section table at its head). */
function modelRestoredTree() {
  return cacheState('model restored', (root, env) => {
    cpSync(cachedTree().env.MEMDEX_CACHE_DIR, env.MEMDEX_CACHE_DIR, { recursive: true });
    for (let i = 0; i < 2; i++) expect(runCli(['when', '.Integration', '--root', root], { env }).status).toBe(0);
  });
}

/** Which bundles of dist/ a run loaded, by file name. */
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
    ['a file', ['when', '..testing.md']],
    ['a section with a typo (nearest headings)', ['when', '.Integraton']],
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
  test('an exact trigger: the exact bundle alone, no fuzzy engine, no full CLI', () => {
    const { root, env } = cachedTree();
    const loaded = bundlesOf(['when', 'writing mock tests'], root, env);
    expect(loaded).toContain('when.cjs');
    expect(loaded).not.toContain('when-fuzzy.cjs');
    expect(loaded).not.toContain('cli.cjs');
  });

  test('one typo: the fuzzy bundle, no full CLI', () => {
    const { root, env } = cachedTree();
    const loaded = bundlesOf(['when', 'writing mok tests'], root, env);
    expect(loaded).toContain('when-fuzzy.cjs');
    expect(loaded).not.toContain('cli.cjs');
  });

  test('a miss: past both table stages, to the ranker stage for its related entries; no model stage, no full CLI', () => {
    const { root, env } = cachedTree();
    runCli(['when', 'xyzzy plugh frobnicate', '--root', root], { env }); // the first miss caches the ranker's index
    const loaded = bundlesOf(['when', 'xyzzy plugh frobnicate'], root, env);
    expect(loaded).toEqual(expect.arrayContaining(['when-fuzzy.cjs', 'when-related.cjs']));
    expect(loaded).not.toContain('when-model.cjs');
    expect(loaded).not.toContain('cli.cjs');
  });

  test.each([
    ['a section', '.Integration'],
    ['a file', '..testing.md'],
    ['a section with a typo', '.Integraton'],
  ])('%s, no model cached yet: from the exact stage straight to the model stage (the trigger table holds no headings), no fuzzy stage, no full CLI', (_name, query) => {
    const { root, env } = cachedTree();
    const loaded = bundlesOf(['when', query], root, env);
    expect(loaded).toContain('when-model.cjs');
    expect(loaded).not.toContain('when-fuzzy.cjs');
    expect(loaded).not.toContain('cli.cjs');
  });

  test.each([
    ['a section', ['when', '.Integration'], 'when.cjs'],
    ['a file', ['when', '..testing.md'], 'when.cjs'],
    ['a file named in other case, json', ['resolve', '..TESTING', '--format', 'json'], 'when.cjs'],
    ['a section with a typo', ['when', '.Integraton'], 'when-fuzzy.cjs'],
  ])('%s, the model cached and restored once (%j): answered by %s', (_name, args, stage) => {
    // The first section query caches the model, the next one restores it and writes the section table at its head.
    const { root, env } = modelRestoredTree();
    const loaded = bundlesOf(args, root, env);
    // From the section table: in the exact stage, a typo (a heading's, a file name's) in the fuzzy stage (its matcher).
    expect(loaded).toEqual(stage === 'when.cjs' ? ['when.cjs'] : ['when.cjs', stage]);
    expect(runCli([...args, '--root', root], { env })).toEqual(runCli([...args, '--root', root], { env: { ...env, MEMDEX_NO_CACHE: '1' } }));
  });

  test('every other section and file form, the model cached and restored once: each answered by the stage expected, as the model answers it', () => {
    const { root, env } = modelRestoredTree();
    const forms: [string, string[], string][] = [
      ['a section with a typo, json, `how`', ['how', '.Integraton', '--format', 'json'], 'when-fuzzy.cjs'],
      ['a section no heading comes near (nearest headings)', ['when', '.Zebra Quantum'], 'when-fuzzy.cjs'],
      ['a heading of one file named within it', ['when', '..testing.md#Integration'], 'when.cjs'],
      ['a heading of one file with a typo', ['when', '..testing.md#Integraton'], 'when-fuzzy.cjs'],
      ['a file name with a typo', ['when', '..testin.md'], 'when-fuzzy.cjs'],
      ['no such file (the names as suggestions)', ['when', '..zebra.md'], 'when-fuzzy.cjs'],
      ['an unsafe file name', ['when', '..a/b.md'], 'when.cjs'],
    ];
    for (const [name, args, stage] of forms) {
      const record = recordLoads(temp());
      const staged = runCli([...args, '--root', root], { env: { ...env, NODE_OPTIONS: record.nodeOptions } });
      expect({ name, loaded: [...new Set(record.files().map((file) => basename(file)))] }).toEqual({ name, loaded: stage === 'when.cjs' ? ['when.cjs'] : ['when.cjs', stage] });
      expect({ name, ...staged }).toEqual({ name, ...runCli([...args, '--root', root], { env: { ...env, MEMDEX_NO_CACHE: '1' } }) });
    }
  });

  test('a batch of sections, files and a trigger with a typo, the model cached and restored once: the fuzzy stage answers all (the section table comes with the handover)', () => {
    const { root, env } = modelRestoredTree();
    const input = '.Integration\nwriting mok tests\n..testing.md\n';
    const record = recordLoads(temp());
    const staged = runCli(['resolve', '-', '--root', root], { env: { ...env, NODE_OPTIONS: record.nodeOptions }, input });
    expect([...new Set(record.files().map((file) => basename(file)))]).toEqual(['when.cjs', 'when-fuzzy.cjs']);
    expect(staged).toEqual(runCli(['resolve', '-', '--root', root], { env: { ...env, MEMDEX_NO_CACHE: '1' }, input }));
  });

  test('a usage error: worded by the full CLI', () => {
    const { root, env } = cachedTree();
    expect(bundlesOf(['when', 'writing mock tests', '--format', 'xml'], root, env)).toContain('cli.cjs');
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

  test('the fuzzy stage hands a miss on with the stamps and its answer, having printed nothing: the model stage only adds the related entries', () => {
    const { root, env } = cachedTree();
    process.env.MEMDEX_CACHE_DIR = env.MEMDEX_CACHE_DIR;
    try {
      const first = tryExact('when', ['xyzzy plugh frobnicate', '--root', root]) as { when: WhenHandoff };
      const next = tryFuzzy(first.when) as { when: WhenHandoff };
      expect(next.when).toEqual({ command: 'when', request: first.when.request, stamps: first.when.stamps, answered: [expect.objectContaining({ kind: 'not-found', mode: 'trigger', query: 'xyzzy plugh frobnicate' })] });
    } finally {
      delete process.env.MEMDEX_CACHE_DIR;
    }
  });
});

function readdirTable(dir: string): string {
  const name = readdirSync(dir).find((n) => n.endsWith('.table'));
  if (!name) throw new Error(`no table in ${dir}`);
  return name;
}
