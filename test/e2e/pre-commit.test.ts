/**
 * The product as a user installs it: the packed package in a fresh git repository,
 * husky + lint-staged running `memdex check --staged` before every commit.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER, REPO, copyTree, describeCorpora } from '../helpers/corpora.js';
import { installPacked } from '../helpers/install-packed.js';
import { packedOnce, userManifest } from '../init/packed.js';

let repo: string;

function sh(cmd: string, args: string[], cwd = repo) {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, HUSKY: '', NO_COLOR: '1', GITHUB_ACTIONS: '' } });
}

function commit(message: string) {
  return sh('git', ['commit', '-qm', message]);
}

beforeAll(() => {
  repo = copyTree(AFTER, 'memdex-e2e-');
  writeFileSync(join(repo, 'package.json'), userManifest('module'));
  // The test run's tarball, as `npm install --save-dev` leaves it (a copy of the run's one install for this package.json).
  installPacked(repo, packedOnce().tarball);
  // husky and lint-staged as a user's devDependencies (linked from ours: the test needs no network).
  for (const tool of ['husky', 'lint-staged']) symlinkSync(join(REPO, 'node_modules', tool), join(repo, 'node_modules', tool));
  symlinkSync('../lint-staged/bin/lint-staged.js', join(repo, 'node_modules', '.bin', 'lint-staged'));
  writeFileSync(join(repo, 'lint-staged.config.js'), readFileSync(join(REPO, 'docs', 'lint-staged.config.example.js'), 'utf8'));
  sh('git', ['init', '-q']);
  sh('git', ['config', 'user.email', 'e2e@example.com']);
  sh('git', ['config', 'user.name', 'e2e']);
  sh('git', ['add', '-A']);
  expect(commit('initial').status).toBe(0); // no hook yet
  writeFileSync(join(repo, '.gitignore'), 'node_modules/\n');
  sh('node', ['node_modules/husky/bin.js']);
  writeFileSync(join(repo, '.husky', 'pre-commit'), readFileSync(join(REPO, '.husky', 'pre-commit'), 'utf8'));
  sh('git', ['add', '-A']);
  expect(commit('hooks').status).toBe(0);
}, 600_000);

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
});

describeCorpora('pre-commit with the packed package', () => {
  const testing = 'agents/decisions/testing.md';

  test('a commit that orphans a heading is refused with the message', () => {
    const text = readFileSync(join(repo, testing), 'utf8');
    writeFileSync(join(repo, testing), text.replace('### How to Split Test Modules', '### How to Split Test Files'));
    sh('git', ['add', testing]);
    const result = commit('rename a heading only');
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/How to Split Test Files.*has no index entry/);
    expect(sh('git', ['log', '--oneline']).stdout.trim().split('\n')).toHaveLength(2);
    sh('git', ['checkout', '-q', 'HEAD', '--', testing]);
  });

  test('a good commit passes', () => {
    const text = readFileSync(join(repo, testing), 'utf8');
    writeFileSync(join(repo, testing), text.replace('**Rationale:** Maintain 400-line limit', '**Rationale:** Keep the 400-line limit'));
    sh('git', ['add', testing]);
    expect(commit('reword').status).toBe(0);
  });

  test('a file whose bad change is unstaged passes', () => {
    const text = readFileSync(join(repo, testing), 'utf8');
    writeFileSync(join(repo, testing), text.replace('**Rationale:** Keep the 400-line limit', '**Rationale:** Keep the line limit'));
    sh('git', ['add', testing]);
    const staged = readFileSync(join(repo, testing), 'utf8');
    writeFileSync(join(repo, testing), staged.replace('### How to Split Test Modules', '### How to Split Test Files'));
    const result = commit('good staged change, bad unstaged change');
    expect(result.status).toBe(0);
    // The unstaged change is still in the working tree.
    expect(readFileSync(join(repo, testing), 'utf8')).toContain('### How to Split Test Files');
    sh('git', ['checkout', '-q', '--', testing]);
  });

  test('deleting a decision file that the index still points to is refused', () => {
    sh('git', ['rm', '-q', 'agents/decisions/cli.md']);
    const result = commit('delete a decision file');
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/agents\/decisions\/cli\.md.*does not exist/);
    sh('git', ['reset', '-q', 'HEAD', '--', 'agents/decisions/cli.md']);
    sh('git', ['checkout', '-q', '--', 'agents/decisions/cli.md']);
  });
});
