/**
 * Real tools from the npm registry for the repository-shape tests (lefthook, pnpm): `npm install <spec>`
 * into a cache folder kept between runs (`~/.cache/memdex-test-<name>`, or MEMDEX_TEST_TOOLS_DIR/<name>),
 * checked by running it. Not installable (no registry): the reason, for the suite to skip with.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const INSTALL_TIMEOUT_MS = 180_000;

/** The tool's cache folder (its node_modules/.bin holds `name`), installed once. */
export function cachedTool(name: string, spec: string): { readonly dir: string; readonly bin: string } | { readonly reason: string } {
  const dir = process.env.MEMDEX_TEST_TOOLS_DIR ? join(process.env.MEMDEX_TEST_TOOLS_DIR, name) : join(homedir(), '.cache', `memdex-test-${name}`);
  const bin = join(dir, 'node_modules/.bin');
  const works = () => spawnSync(join(bin, name), ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
  if (works()) return { dir, bin };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `{ "name": "memdex-test-${name}", "private": true }\n`);
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: dir, encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS });
  if (works()) return { dir, bin };
  return { reason: `npm install ${spec} failed: ${(npm.stderr || npm.error?.message || `exit ${npm.status}`).trim().split('\n')[0]}` };
}

/**
 * lefthook (its package ships the Go binary for this platform as an optional dependency) in `repo`'s
 * node_modules, its packages linked from the cache, with its bin: as `npm i -D lefthook` leaves it.
 */
export function linkLefthook(repo: string, cache: string): void {
  const modules = join(cache, 'node_modules');
  for (const name of readdirSync(modules).filter((entry) => entry.startsWith('lefthook'))) symlinkSync(join(modules, name), join(repo, 'node_modules', name));
  mkdirSync(join(repo, 'node_modules/.bin'), { recursive: true });
  symlinkSync('../lefthook/bin/index.js', join(repo, 'node_modules/.bin/lefthook'));
}
