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
import { absolutePath, discoverRoot, parentPath, treeAbove } from '../../src/model/project-root.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

describe('discoverRoot: one documented order', () => {
  const files = new Set(['/a/memdex.config.json', '/a/b/agents/memory-index.md', '/env', '/opt', '/a/b/c']);
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
    expect(discoverRoot({ option: 'nope', env: '/env', cwd: '/a', exists })).toEqual({ ok: false, source: 'option', given: 'nope', path: '/a/nope' });
    expect(discoverRoot({ env: '/gone', cwd: '/a', exists })).toEqual({ ok: false, source: 'env', given: '/gone', path: '/gone' });
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
    expect(result.stderr).toMatch(/no memory tree found from .* upwards: expected memdex\.config\.json or agents\/memory-index\.md/);
  });
});
