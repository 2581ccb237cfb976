/**
 * Real tools from the npm registry for the tests, installed into a cache folder kept between runs
 * (`~/.cache/memdex-test-<name>`, or MEMDEX_TEST_TOOLS_DIR/<name>): the repository-shape tests' lefthook
 * and pnpm (`npm install <spec>`, checked by running it; not installable, no registry: the reason, for the
 * suite to skip with), and the VS Code extension's devDependencies (`npm ci` of its lockfile).
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const INSTALL_TIMEOUT_MS = 180_000;

function cacheDir(name: string): string {
  return process.env.MEMDEX_TEST_TOOLS_DIR ? join(process.env.MEMDEX_TEST_TOOLS_DIR, name) : join(homedir(), '.cache', `memdex-test-${name}`);
}

/** The tool's cache folder (its node_modules/.bin holds `name`), installed once. */
export function cachedTool(name: string, spec: string): { readonly dir: string; readonly bin: string } | { readonly reason: string } {
  const dir = cacheDir(name);
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

/**
 * A folder holding `npm ci` of the package.json and package-lock.json in `packageDir`, made once per lockfile
 * (the folder is named after its hash) and kept between runs; made in a folder of its own and renamed into
 * place, so that test runs at the same time never see half an install.
 */
export function cachedInstall(name: string, packageDir: string): string {
  const lock = readFileSync(join(packageDir, 'package-lock.json'));
  const dir = cacheDir(`${name}-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`);
  if (existsSync(dir)) return dir;
  mkdirSync(join(dir, '..'), { recursive: true });
  const making = mkdtempSync(`${dir}.making-`);
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(packageDir, file), join(making, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: making, stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS });
    renameSync(making, dir);
  } catch (error) {
    // Another run renamed its install into place first: use that one.
    if (!existsSync(dir)) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return dir;
}
