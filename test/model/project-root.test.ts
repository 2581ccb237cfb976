/**
 * One root discovery for every command (src/model/project-root.ts): the order
 * --root > CLAUDE_PROJECT_DIR > the tree above the cwd > the cwd, and the proof that
 * `check` and `when` answer from the same tree when a session's CLAUDE_PROJECT_DIR
 * names another tree than the shell's cwd.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { absolutePath, discoverRoot, parentPath, treeAbove } from '../../src/model/project-root.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

describe('discoverRoot: one documented order', () => {
  const files = new Set(['/a/memdex.config.json', '/a/b/agents/memory-index.md', '/env', '/env/memdex.config.json', '/opt', '/opt/agents/memory-index.md', '/a/b/c', '/empty', '/mono', '/mono/pkg', '/mono/pkg/memdex.config.json']);
  const exists = (path: string) => files.has(path);

  test('--root wins over everything, relative to the cwd', () => {
    expect(discoverRoot({ option: '../../../opt', env: '/env', cwd: '/a/b/c', exists })).toEqual({ ok: true, root: '/opt', source: 'option' });
    expect(discoverRoot({ option: '/opt', env: '/env', cwd: '/a/b/c', exists })).toEqual({ ok: true, root: '/opt', source: 'option' });
  });
  test('CLAUDE_PROJECT_DIR comes next, when set and not empty', () => {
    expect(discoverRoot({ env: '/env', cwd: '/a/b/c', exists })).toEqual({ ok: true, root: '/env', source: 'env' });
    expect(discoverRoot({ env: '  ', cwd: '/a/b/c', exists })).toEqual({ ok: true, root: '/a/b', source: 'found' });
  });
  test('then the nearest folder above the cwd holding memdex.config.json or agents/memory-index.md', () => {
    expect(discoverRoot({ cwd: '/a/b/c', exists })).toEqual({ ok: true, root: '/a/b', source: 'found' });
    expect(discoverRoot({ cwd: '/a/x/y', exists })).toEqual({ ok: true, root: '/a', source: 'found' });
  });
  test('else the cwd itself', () => {
    expect(discoverRoot({ cwd: '/elsewhere/deep', exists })).toEqual({ ok: true, root: '/elsewhere/deep', source: 'cwd' });
  });
  test('a named root that does not exist is an answer of its own, never replaced by a guess', () => {
    expect(discoverRoot({ option: 'nope', env: '/env', cwd: '/a', exists })).toEqual({ ok: false, source: 'option', given: 'nope', path: '/a/nope', reason: 'missing' });
    expect(discoverRoot({ env: '/gone', cwd: '/a', exists })).toEqual({ ok: false, source: 'env', given: '/gone', path: '/gone', reason: 'missing' });
  });
  test('a named root that holds no tree is an error too (a mistyped --root must not pass as clean)', () => {
    expect(discoverRoot({ option: '/empty', cwd: '/a/b/c', exists })).toEqual({ ok: false, source: 'option', given: '/empty', path: '/empty', reason: 'empty' });
    expect(discoverRoot({ option: '/mono', cwd: '/mono/pkg', exists })).toEqual({ ok: false, source: 'option', given: '/mono', path: '/mono', reason: 'empty' });
    expect(discoverRoot({ env: '/empty', cwd: '/a/b/c', exists })).toEqual({ ok: false, source: 'env', given: '/empty', path: '/empty', reason: 'empty' });
  });
  test('a monorepo: CLAUDE_PROJECT_DIR at its root holds no tree, the tree above the cwd inside it is used', () => {
    expect(discoverRoot({ env: '/mono', cwd: '/mono/pkg/src', exists })).toEqual({ ok: true, root: '/mono/pkg', source: 'found' });
    // a tree above the cwd outside the project is not the project's
    expect(discoverRoot({ env: '/mono', cwd: '/a/b/c', exists })).toEqual({ ok: false, source: 'env', given: '/mono', path: '/mono', reason: 'empty' });
  });
  test('paths: `.`, `..`, repeated and Windows separators', () => {
    expect(absolutePath('/a/b', './c/../d//e')).toBe('/a/b/d/e');
    expect(absolutePath('C:\\work', '..\\x')).toBe('C:/x');
    expect(parentPath('/')).toBe('/');
    expect(treeAbove('/', exists)).toBeUndefined();
  });
});

describe('every command answers from the same tree', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const tree = (extra: (root: string) => void) => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-root-'));
    dirs.push(root);
    cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
    extra(root);
    return root;
  };

  test('CLAUDE_PROJECT_DIR names tree B, the cwd is in tree A: check and when both use B', () => {
    // A: an index error and no `only in tree b` entry. B: clean, with that entry.
    const a = tree((root) => appendFileSync(join(root, 'agents/memory-index.md'), '/when nothing names this heading\n'));
    const b = tree((root) => {
      appendFileSync(join(root, 'agents/memory-index.md'), '/when only in tree b\n');
      appendFileSync(join(root, 'agents/decisions/workflow.md'), '\n### When Only In Tree B\n\nThis section exists only in tree B.\nIt proves which tree answered.\nA third line of content.\n');
    });
    const sub = join(a, 'agents');
    mkdirSync(sub, { recursive: true });
    const env = { CLAUDE_PROJECT_DIR: b };
    const check = runCli(['check'], { cwd: sub, env });
    const when = runCli(['when', 'only in tree b'], { cwd: sub, env });
    expect(check.stderr + check.stdout).not.toContain('nothing names this heading');
    expect(check.status).toBe(0);
    expect(when.status).toBe(0);
    expect(when.stdout).toContain('This section exists only in tree B.');
    // --root still wins over the environment.
    const explicit = runCli(['check', '--root', a], { cwd: sub, env });
    expect(explicit.status).toBe(1);
    expect(explicit.stdout).toContain('nothing names this heading');
  });

  test('a CLAUDE_PROJECT_DIR that does not exist is named in the error (exit 2), never replaced by the cwd', () => {
    const a = tree(() => {});
    const missing = join(a, 'no-such-project');
    for (const args of [['check'], ['when', 'printing errors']]) {
      const result = runCli(args, { cwd: a, env: { CLAUDE_PROJECT_DIR: missing } });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`CLAUDE_PROJECT_DIR=${missing}: no such directory`);
    }
  });

  test('outside any tree, without --root: one clear error naming the cwd and the marker files', () => {
    const empty = mkdtempSync(join(tmpdir(), 'memdex-root-empty-'));
    dirs.push(empty);
    writeFileSync(join(empty, 'README.md'), '# not a memory tree\n');
    const result = runCli(['when', 'x'], { cwd: empty });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no memory tree found from .* upwards: expected memdex\.config\.json, agents\/memory-index\.md or \.claude\/playbook\.json/);
  });
});

describe('a root that holds no memory tree is an error, in every command and format (issue 23 item 1)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** A monorepo: no tree at its root, a tree with an orphaned entry in packages/app. */
  const monorepo = () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-mono-'));
    dirs.push(root);
    const app = join(root, 'packages/app');
    cpSync(join(REPO, 'fixtures/example'), app, { recursive: true });
    appendFileSync(join(app, 'agents/memory-index.md'), '/when nothing names this heading\n');
    mkdirSync(join(root, 'src'));
    mkdirSync(join(app, 'src'));
    return { root, app };
  };

  test('--root naming a folder without a tree: exit 2, one sentence naming the tree below it, in every format', () => {
    const { root } = monorepo();
    for (const format of ['stylish', 'json', 'sarif', 'github', 'junit']) {
      const result = runCli(['check', '--root', root, '--format', format], { cwd: root });
      expect([format, result.status, result.stderr]).toEqual([
        format,
        2,
        `memdex: --root ${root}: no memory tree there (expected memdex.config.json, agents/memory-index.md or .claude/playbook.json); found one below it: --root ${root}/packages/app\n`,
      ]);
      if (format === 'sarif') {
        const log = JSON.parse(result.stdout) as { runs: { invocations: { executionSuccessful: boolean }[]; results: unknown[] }[] };
        expect(log.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
      }
    }
    for (const args of [['when', 'x'], ['suggest', 'x'], ['rules'], ['add', 'when', 'x', '--file', 'x.md', '--dry-run']]) {
      const result = runCli([...args, '--root', join(root, 'src')], { cwd: root });
      expect([args[0], result.status, result.stderr]).toEqual([args[0], 2, expect.stringContaining(`--root ${join(root, 'src')}: no memory tree there`)]);
    }
  });

  test('the tree one level up from --root is not used in its place', () => {
    const { app } = monorepo();
    const result = runCli(['check', '--root', 'src'], { cwd: app });
    expect([result.status, result.stderr]).toEqual([2, 'memdex: --root src: no memory tree there (expected memdex.config.json, agents/memory-index.md or .claude/playbook.json)\n']);
  });

  test('CLAUDE_PROJECT_DIR at a monorepo root: check inside the package checks its tree; at the root, the error names it', () => {
    const { root, app } = monorepo();
    const inside = runCli(['check'], { cwd: join(app, 'src'), env: { CLAUDE_PROJECT_DIR: root } });
    expect([inside.status, inside.stdout]).toEqual([1, expect.stringContaining('nothing names this heading')]);
    const atRoot = runCli(['check'], { cwd: root, env: { CLAUDE_PROJECT_DIR: root } });
    expect([atRoot.status, atRoot.stderr]).toEqual([
      2,
      `memdex: CLAUDE_PROJECT_DIR=${root}: no memory tree there, nor at or above the current directory inside it (expected memdex.config.json, agents/memory-index.md or .claude/playbook.json); found one below it: --root ${root}/packages/app\n`,
    ]);
    const noEnv = runCli(['check'], { cwd: root });
    expect([noEnv.status, noEnv.stderr]).toEqual([2, expect.stringMatching(/no memory tree found from .* upwards: .*; found one below it: --root packages\/app\n$/)]);
  });

  test('the library: check() and loadProject() of a folder without a tree reject with a MemdexError', async () => {
    const { root } = monorepo();
    const api = (await import(pathToFileURL(join(REPO, 'dist/index.js')).href)) as typeof import('../../src/index.js');
    const { check, loadProject, MemdexError } = api;
    await expect(check(root)).rejects.toThrow(MemdexError);
    await expect(loadProject(join(root, 'src'))).rejects.toThrow(/no memory tree there/);
  });
});
