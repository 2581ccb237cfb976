/**
 * memdex as a user gets it: `npm pack` of a copy of this checkout (its prepack
 * builds and strips the install scripts, its postpack restores package.json),
 * installed with `npm i -D <tarball>` into fresh git repositories. memdex has no
 * runtime dependencies, so the install needs no network. A test run packs it once
 * (packedOnce), for every suite.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { installPacked } from '../helpers/install-packed.js';
import { runOnce } from '../helpers/run-once.js';

export interface Packed {
  readonly tarball: string;
  /** The checkout copy that was packed (its package.json must be restored). */
  readonly checkout: string;
  readonly packStdout: string;
}

/** Copies the checkout's files (tracked and untracked, not ignored: what a commit of the working tree would hold) to `dest`. */
export function copyCheckout(dest: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    try {
      cpSync(join(REPO, file), join(dest, file));
    } catch {
      // deleted in the working tree, not yet staged
    }
  }
}

export interface CheckoutRepo {
  /** A git repository whose one commit holds the checkout's files (copyCheckout): no dist/, no node_modules. */
  readonly dir: string;
  readonly rev: string;
}

/**
 * This checkout as its git repository is cloned (by npm's git-URL route, by pre-commit, as a plugin from git),
 * made once per run (runOnce) for every suite that clones it: they only read it, and copy what they change.
 */
export function checkoutRepo(): CheckoutRepo {
  return runOnce('checkout-repo', (once) => {
    const dir = join(once, 'memdex');
    copyCheckout(dir);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'memdex at this checkout');
    return { dir, rev: git('rev-parse', 'HEAD').trim() };
  });
}

/**
 * Copies the checkout's files (copyCheckout) and its dist/, links its node_modules, then packs: prepack packs the
 * copied build when its stamp names the copy's sources (pretest built it from them), else builds (scripts/build-stamp.mjs).
 */
export function packCopy(temp: string): Packed {
  const checkout = join(temp, 'checkout');
  copyCheckout(checkout);
  if (existsSync(join(REPO, 'dist'))) cpSync(join(REPO, 'dist'), join(checkout, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'));
  const out = join(temp, 'pack');
  mkdirSync(out);
  const packStdout = execFileSync('npm', ['pack', '--pack-destination', out], { cwd: checkout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return { tarball: join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!), checkout, packStdout };
}

/**
 * The test run's tarball, packed once (packCopy) by the first suite that asks and shared with the others,
 * whichever jest worker runs them (test/helpers/run-once.ts): packing builds the whole package.
 */
export function packedOnce(): Packed {
  return runOnce('packed', (dir) => packCopy(dir));
}

export interface Repo {
  readonly dir: string;
  run(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<string>;
  memdex(args: readonly string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<string>;
  git(args: readonly string[]): SpawnSyncReturns<string>;
  write(file: string, text: string): void;
}

/** A folder on PATH holding a stand-in `claude` (doctor only checks that the program is found). */
export function fakeClaudeBin(temp: string): string {
  const bin = join(temp, 'fake-bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'claude'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, 'claude'), 0o755);
  return bin;
}

/** The package.json of a user's project of this module `type`, before memdex is installed. */
export function userManifest(type: 'module' | 'commonjs'): string {
  return `${JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type }, null, 2)}\n`;
}

/**
 * A fresh git repository with a package.json of this `type`, these files, and memdex installed from the tarball:
 * a copy of what `npm install --save-dev <tarball>` leaves for that package.json (installPacked,
 * test/helpers/install-packed.ts: the npm install itself runs once a test run for each package.json text).
 */
export function freshRepo(dir: string, tarball: string, type: 'module' | 'commonjs', files: Readonly<Record<string, string>>, pathPrefix: string): Repo {
  mkdirSync(dir, { recursive: true });
  const env = {
    ...process.env,
    PATH: `${pathPrefix}:${process.env.PATH}`,
    NO_COLOR: '1',
    GITHUB_ACTIONS: '',
    CLAUDE_PROJECT_DIR: '',
    // The user's Claude Code settings (doctor reads enabledPlugins there): none, whatever the machine's are.
    CLAUDE_CONFIG_DIR: `${dir}-claude-config`,
    MEMDEX_EXTRACTOR: '',
    MEMDEX_EVALUATOR: '',
    HUSKY: '',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };
  const run = (command: string, args: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(command, [...args], { cwd: dir, encoding: 'utf8', env: { ...env, ...extra }, timeout: 120_000 });
  const repo: Repo = {
    dir,
    run,
    // The bin npx runs (npx itself may print the machine's npm config warnings on stderr).
    memdex: (args, extra) => run(join(dir, 'node_modules', '.bin', 'memdex'), args, extra),
    git: (args) => run('git', ['-c', 'init.defaultBranch=main', ...args]),
    write: (file, text) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
  };
  repo.git(['init', '-q']);
  repo.write('package.json', userManifest(type));
  for (const [file, text] of Object.entries(files)) repo.write(file, text);
  installPacked(dir, tarball);
  return repo;
}
