/**
 * What `memdex init`, `doctor` and `uninstall` load and start besides their work (issue 24: every test and every
 * repository runs them): the parsers of other tools' configs (yaml, acorn, smol-toml: ~500 kB of code to compile)
 * only when such a config is there, and git's setup asked once a run, in two git calls.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordLoads } from '../helpers/loaded-modules.js';
import { recordSpawns } from '../helpers/record-spawns.js';
import { runCli } from '../helpers/run-cli.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-setup-start-'));
  made.push(dir);
  return dir;
};

function repository(files: Record<string, string> = {}): string {
  const dir = temp();
  spawnSync('git', ['init', '-q'], { cwd: dir });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The bundled libraries a run compiled (esbuild keeps each package's `// node_modules/<name>/` line). */
function parsersLoaded(args: readonly string[], cwd: string): string[] {
  const record = recordLoads(temp());
  const result = runCli(args, { cwd, env: { NODE_OPTIONS: record.nodeOptions, MEMDEX_CACHE_DIR: join(cwd, '.cache') } });
  expect(result.status).not.toBeNull();
  const code = record.files().map((file) => readFileSync(file, 'utf8')).join('\n');
  return ['yaml', 'acorn', 'smol-toml'].filter((name) => code.includes(`// node_modules/${name}/`));
}

/** The git command lines a run started. */
function gitCalls(args: readonly string[], cwd: string): string[] {
  const record = recordSpawns(temp());
  runCli(args, { cwd, env: { NODE_OPTIONS: record.nodeOptions, MEMDEX_CACHE_DIR: join(cwd, '.cache') } });
  return record
    .started()
    .filter(([file]) => file === 'git')
    .map((line) => line.join(' '));
}

const GIT_SETUP = ['git rev-parse --show-toplevel --show-prefix --git-path hooks', 'git config --get core.hooksPath'];

describe('the parsers of other tools’ configs load only when such a config is there', () => {
  test('init, doctor and uninstall in a repository with none of them load none', () => {
    const dir = repository();
    expect(parsersLoaded(['init'], dir)).toEqual([]);
    expect(parsersLoaded(['doctor'], dir)).toEqual([]);
    expect(parsersLoaded(['uninstall'], dir)).toEqual([]);
  });

  test('each config loads its parser: lefthook and the pre-commit framework yaml, a JavaScript lint-staged config acorn, Codex smol-toml', () => {
    expect(parsersLoaded(['init'], repository({ 'lefthook.yml': 'pre-commit:\n  commands:\n    lint:\n      run: npm run lint\n' }))).toEqual(['yaml']);
    expect(parsersLoaded(['init'], repository({ '.pre-commit-config.yaml': 'repos: []\n' }))).toEqual(['yaml']);
    expect(parsersLoaded(['init'], repository({ '.lintstagedrc.mjs': "export default { '*.js': 'eslint' };\n" }))).toEqual(['acorn']);
    const codex = repository();
    expect(parsersLoaded(['init', '--agent', 'codex'], codex)).toEqual(['smol-toml']);
    expect(parsersLoaded(['doctor'], codex)).toEqual(['smol-toml']);
    expect(parsersLoaded(['uninstall'], codex)).toEqual(['smol-toml']);
  });
});

test('init, doctor and uninstall ask git for its setup once a run, in two calls', () => {
  const dir = repository();
  expect(gitCalls(['init'], dir)).toEqual([...GIT_SETUP, 'git config core.hooksPath .husky']);
  expect(gitCalls(['doctor'], dir)).toEqual(GIT_SETUP);
  expect(gitCalls(['uninstall'], dir)).toEqual([...GIT_SETUP, 'git config --unset core.hooksPath']);
});

test('a tree in a subfolder with hooks of its own: the hooks folder found from the subfolder is the repository’s', () => {
  const dir = repository();
  mkdirSync(join(dir, 'packages', 'app'), { recursive: true });
  spawnSync('git', ['config', 'core.hooksPath', 'hooks'], { cwd: dir });
  const init = runCli(['init', '--no-ci'], { cwd: join(dir, 'packages', 'app'), env: { MEMDEX_CACHE_DIR: join(dir, '.cache') } });
  expect(init.stderr).toBe('');
  expect(init.stdout).toContain('created ../../hooks/pre-commit\n');
  expect(readFileSync(join(dir, 'hooks', 'pre-commit'), 'utf8')).toContain('memdex check --staged');
});
