/**
 * The ways to install memdex before it is on the registry (README, Quick start), each followed by a hook run
 * (a SessionStart payload piped into the installed hook command, as Claude Code does):
 * - from a git URL (`npm install --save-dev git+file://<a clone>`): npm clones the repository, installs its
 *   devDependencies there, runs `prepare` (scripts/prepare.mjs builds dist/), packs and installs the result;
 *   the one slow test here (minutes: a full devDependency install and a build), offline from npm's cache;
 * - from the packed tarball (the run's one `npm pack`, test/init/packed.ts);
 * - as a plugin from git: a copy of the repository without dist/ (what a marketplace installs) whose hooks run
 *   the memdex the project installed from the tarball.
 * The plugin installed through the real client's marketplace commands is test-claude/scenarios/plugin-install.mjs.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { installPacked } from '../helpers/install-packed.js';
import { EXAMPLE } from '../helpers/temp-dirs.js';
import { checkoutRepo, packedOnce, userManifest } from '../init/packed.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-install-routes-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let tarball: string;
beforeAll(() => {
  tarball = packedOnce().tarball;
}, 900_000);

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });

/** A git repository holding the example tree and a package.json, as a user's project is before memdex. */
function project(name: string): string {
  const dir = join(temp, name);
  cpSync(EXAMPLE, dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), userManifest('module'));
  git(dir, 'init', '-q');
  return dir;
}

/** Pipes a SessionStart payload into `command hook session-start` as the client does; returns what it answered. */
function sessionStart(dir: string, command: string) {
  const payload = JSON.stringify({ session_id: 'install-routes', transcript_path: join(dir, 'session.jsonl'), cwd: dir, hook_event_name: 'SessionStart', source: 'startup' });
  const result = spawnSync(command, ['hook', 'session-start'], { cwd: dir, input: payload, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
  const context = result.status === 0 && result.stdout.startsWith('{') ? (JSON.parse(result.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext : undefined;
  return { status: result.status, stderr: result.stderr, context: context ?? '' };
}

/** The first key point of the example playbook: the hook injected the playbook. */
const KEY_POINT = (JSON.parse(readFileSync(join(EXAMPLE, '.claude', 'playbook.json'), 'utf8')) as { key_points: { text: string }[] }).key_points[0]!.text;

test('from a git URL: npm builds memdex through its prepare script; the hook runs, and the project\'s git config is untouched', () => {
  const dir = project('from-git');
  const url = `git+file://${checkoutRepo().dir}`;
  // --offline: every devDependency comes from npm's cache, which `npm ci` of this checkout filled.
  const npm = spawnSync('npm', ['install', '--save-dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error', url], { cwd: dir, encoding: 'utf8', timeout: 1_200_000, env: { ...process.env, HUSKY: '' } });
  expect({ status: npm.status, stderr: npm.status === 0 ? '' : npm.stderr }).toEqual({ status: 0, stderr: '' });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  expect(manifest.devDependencies.memdex).toBe(url);
  expect(existsSync(join(dir, 'node_modules', 'memdex', 'dist', 'cli.cjs'))).toBe(true);
  // The build's stamp (scripts/build-stamp.mjs) is never part of the package.
  expect(existsSync(join(dir, 'node_modules', 'memdex', 'dist', '.build-inputs'))).toBe(false);
  const hook = sessionStart(dir, join(dir, 'node_modules', '.bin', 'memdex'));
  expect({ status: hook.status, injected: hook.context.includes(KEY_POINT) }).toEqual({ status: 0, injected: true });
  // husky ran in npm's clone of memdex (its prepare), never in the project that installed it.
  expect(spawnSync('git', ['config', 'core.hooksPath'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('');
}, 1_500_000);

test('from the packed tarball, as a dependency: the hook runs', () => {
  const dir = project('from-tarball');
  installPacked(dir, tarball);
  const hook = sessionStart(dir, join(dir, 'node_modules', '.bin', 'memdex'));
  expect({ status: hook.status, injected: hook.context.includes(KEY_POINT) }).toEqual({ status: 0, injected: true });
});

test('as a plugin from git (a copy of the repository, no dist/): its hook runs the memdex the project installed from the tarball', () => {
  // What a marketplace installs from git: the repository, without dist/ (read here, never written).
  const plugin = checkoutRepo().dir;
  expect(existsSync(join(plugin, 'dist'))).toBe(false);
  const dir = project('plugin-project');
  installPacked(dir, tarball);
  const hook = sessionStart(dir, join(plugin, 'bin', 'memdex'));
  expect({ status: hook.status, injected: hook.context.includes(KEY_POINT) }).toEqual({ status: 0, injected: true });
  // Without memdex in the project (nor on PATH): one line, and the session goes on.
  rmSync(join(dir, 'node_modules'), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  const bare = spawnSync(join(plugin, 'bin', 'memdex'), ['hook', 'session-start'], { cwd: dir, input: '{}', encoding: 'utf8', env: { PATH: '/usr/bin:/bin', CLAUDE_PROJECT_DIR: dir } });
  expect({ status: bare.status, stdout: bare.stdout, lines: bare.stderr.trim().split('\n').length }).toEqual({ status: 0, stdout: '{}\n', lines: 1 });
});
