import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectEnvironment } from '../../src/app/detect-environment.js';
import { nodeHost } from '../../src/node/node-host.js';
import { gitOriginUrl, originUrlFromConfig } from '../../src/node/git-origin.js';

let dir: string;
const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-git-'));
  mkdirSync(join(dir, 'repo', 'sub'), { recursive: true });
  git(join(dir, 'repo'), 'init', '-q');
  git(join(dir, 'repo'), 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
  writeFileSync(join(dir, 'repo', 'a.txt'), 'a');
  git(join(dir, 'repo'), 'add', '.');
  git(join(dir, 'repo'), 'commit', '-q', '-m', 'a');
  git(join(dir, 'repo'), 'worktree', 'add', '-q', join(dir, 'wt'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the origin URL is read from git config, from a subdirectory and from a worktree, without running git', () => {
  expect(gitOriginUrl(join(dir, 'repo'))).toBe('git@github.com:acme/shop.git');
  expect(gitOriginUrl(join(dir, 'repo', 'sub'))).toBe('git@github.com:acme/shop.git');
  expect(gitOriginUrl(join(dir, 'wt'))).toBe('git@github.com:acme/shop.git');
  expect(detectEnvironment(nodeHost(), join(dir, 'wt'))).toMatchObject({ repo: 'shop', tags: ['github'] });
});

test('no repository, or no origin: undefined, and the repo is the folder name', () => {
  mkdirSync(join(dir, 'plain'));
  expect(detectEnvironment(nodeHost(), join(dir, 'plain')).repo).toBe('plain');
  expect(originUrlFromConfig('[remote "upstream"]\n\turl = x\n[core]\n\tbare = false\n')).toBeUndefined();
  expect(originUrlFromConfig('[remote "origin"]\n\tfetch = +refs/heads/*\n\turl = "https://gitlab.com/a/b"\n')).toBe('https://gitlab.com/a/b');
});
