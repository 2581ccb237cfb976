/**
 * `init --root` reached through a symbolic link: git answers with real paths (its top, its hooks folder), so the
 * tree's path is taken as its real path before any path is worked out from git's. Taken as given, a link to a
 * subfolder put `.husky/pre-commit` in the subfolder, where git never runs it (and `doctor` said ✓), or above the
 * repository.
 */
import { afterAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** outer/repo (a git repository) with repo/sub, and outer/link pointing at `target` (relative to outer/). */
function layout(target: string): { readonly outer: string; readonly repo: string; readonly tree: string } {
  const outer = mkdtempSync(join(tmpdir(), 'memdex-root-link-'));
  made.push(outer);
  const repo = join(outer, 'repo');
  mkdirSync(join(repo, 'sub'), { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: repo });
  symlinkSync(target, join(outer, 'link'));
  mkdirSync(join(outer, 'elsewhere'));
  return { outer, repo, tree: join(outer, target) };
}

test.each([
  // init names the file from the tree; doctor names it from the tree when it is inside, else by its absolute path.
  ['a subfolder of the repository', 'repo/sub', '../.husky/pre-commit', (repo: string) => join(repo, '.husky', 'pre-commit')],
  ['the repository itself', 'repo', '.husky/pre-commit', () => '.husky/pre-commit'],
])('init --root <a link to %s> writes the hook where git runs it, and doctor finds it there', (_name, target, shown, doctorShows) => {
  const { outer, repo, tree } = layout(target);
  const cache = mkdtempSync(join(tmpdir(), 'memdex-root-link-cache-'));
  made.push(cache);
  const env = { MEMDEX_CACHE_DIR: cache };
  const init = runCli(['init', '--root', '../link'], { cwd: join(outer, 'elsewhere'), env });
  expect(init.status).toBe(0);
  expect(init.stdout).toContain(`created ${shown}\n`);
  expect(existsSync(join(repo, '.husky', 'pre-commit'))).toBe(true);
  if (tree !== repo) expect(existsSync(join(tree, '.husky'))).toBe(false);
  // Nothing beside the repository, nothing in the folder init ran from.
  expect(readdirSync(outer).sort()).toEqual(['elsewhere', 'link', 'repo']);
  expect(readdirSync(join(outer, 'elsewhere'))).toEqual([]);
  expect(spawnSync('git', ['config', 'core.hooksPath'], { cwd: repo, encoding: 'utf8' }).stdout).toBe('.husky\n');
  const doctor = runCli(['doctor', '--format', 'json'], { cwd: join(outer, 'link'), env });
  const preCommit = (JSON.parse(doctor.stdout) as { results: { check: string; status: string; message: string }[] }).results.filter((result) => result.check === 'pre-commit');
  expect(preCommit).toEqual([expect.objectContaining({ status: 'ok', message: `pre-commit: ${doctorShows(repo)} runs memdex check --staged` })]);
});
