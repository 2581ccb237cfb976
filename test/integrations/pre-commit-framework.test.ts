/**
 * The pre-commit.com hook (.pre-commit-hooks.yaml) under the real `pre-commit` tool:
 * a user's repository whose .pre-commit-config.yaml points at a git repository holding
 * this working tree, so pre-commit installs memdex as it would from GitHub (npm install
 * in the hook repo, whose prepare builds, npm pack, whose prepack packs that build, npm install -g the tarball).
 * A clean commit passes; an entry without its heading, and a deleted decision file the
 * index still points to, are refused with file:line:col.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { checkoutRepo } from '../init/packed.js';

const available = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
if (!available) process.stderr.write('pre-commit framework tests: skipped: `pre-commit` is not installed (apt-get install pre-commit)\n');
const describeIf = available ? describe : describe.skip;

const temp = mkdtempSync(join(tmpdir(), 'memdex-pre-commit-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const env = {
  ...process.env,
  PRE_COMMIT_HOME: join(temp, 'cache'),
  // pre-commit's npm install of the hook repo: from the npm cache, which `npm ci` of this checkout filled
  // (as the git-URL route of install-routes.test.ts does); no audit or funding requests.
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  HUSKY: '0',
  NO_COLOR: '1',
  GITHUB_ACTIONS: '',
  GIT_AUTHOR_NAME: 'e2e',
  GIT_AUTHOR_EMAIL: 'e2e@example.com',
  GIT_COMMITTER_NAME: 'e2e',
  GIT_COMMITTER_EMAIL: 'e2e@example.com',
};
const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, env, encoding: 'utf8' });
const user = join(temp, 'user');

function commit(message: string) {
  const result = git(user, 'commit', '-qm', message);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describeIf('pre-commit framework: the memdex hook', () => {
  beforeAll(() => {
    // The hook repository: this working tree as git would check it out (tracked and new files, not the ignored ones),
    // the run's one repository of it (pre-commit clones it).
    const { dir: hook, rev } = checkoutRepo();

    cpSync(join(REPO, 'fixtures', 'example'), user, { recursive: true });
    writeFileSync(join(user, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hook}\n    rev: ${rev}\n    hooks:\n      - id: memdex\n`);
    expect(git(user, 'init', '-q').status).toBe(0);
    expect(spawnSync('pre-commit', ['install'], { cwd: user, env, encoding: 'utf8' }).status).toBe(0);
    expect(git(user, 'add', '-A').status).toBe(0);
  }, 600_000);

  test('a clean commit passes (the first one also installs the hook environment)', () => {
    const result = commit('clean');
    expect(result.output).toMatch(/memdex check \(memory index, decision files, playbook\)\.+Passed/);
    expect(result.status).toBe(0);
  }, 600_000);

  test('an index entry without its heading is refused with file:line:col', () => {
    appendFileSync(join(user, 'agents', 'memory-index.md'), '/when a heading nobody wrote\n');
    git(user, 'add', '-A');
    const result = commit('bad');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/\.Failed/);
    expect(result.output).toMatch(/^agents\/memory-index\.md:\d+:1 +error +Entry `\/when a heading nobody wrote` .* index\/entry-has-heading$/m);
    expect(git(user, 'reset', '-q', '--hard').status).toBe(0);
  });

  test('a deleted decision file the index still points to is refused, though pre-commit passes no deleted file names', () => {
    expect(git(user, 'rm', '-q', 'agents/decisions/cli.md').status).toBe(0);
    const result = commit('delete');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/^agents\/memory-index\.md:\d+:1 +error +Section `## agents\/decisions\/cli\.md` names a file that does not exist.* index\/section-file-exists$/m);
    expect(git(user, 'reset', '-q', '--hard').status).toBe(0);
  });
});
