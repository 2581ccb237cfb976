/**
 * Issue 16 §5: recall-cache poisoning across users. The cache folder is used only when it
 * is this user's alone (created 0700, or found owned by this user, not a symbolic link,
 * writable by nobody else); otherwise the caches are off for the run, one line on stderr
 * says why, and `memdex when` still answers from the files. And whatever a cache names,
 * a query reads only inside the decisions folder.
 *
 * A second account: when the tests run as root (CI and this project's machines do), a
 * folder is handed to another uid with chown, which is exactly what another account
 * creating it looks like; otherwise that case runs through the injectable uid only (the
 * test names say which).
 */
import { describe, expect, test } from '@jest/globals';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolderProblem } from '../../src/node/cache-files.js';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const SECRET = 'PRIVATE-FILE-OUTSIDE-THE-TREE';
const OTHER_UID = 54321;
const isRoot = process.getuid?.() === 0;
const me = process.getuid?.() ?? -1;

const base = tempDirs('memdex-cache-folder-');

/** A tree with one entry, and a private file of the user beside it. */
function tree(): { dir: string; root: string; secret: string } {
  const dir = base();
  const root = join(dir, 'tree');
  mkdirSync(join(root, 'agents/decisions'), { recursive: true });
  writeFileSync(join(root, 'agents/memory-index.md'), '# Memory Index\n\n## agents/decisions/a.md\n\n/when writing mock tests | mock patch\n');
  writeFileSync(join(root, 'agents/decisions/a.md'), '# A\n\n## When Writing Mock Tests\n\nUse fakes.\n');
  const secret = join(dir, 'secret.md');
  writeFileSync(secret, `# Secret\n\n## When Writing Mock Tests\n\n${SECRET}\n`);
  return { dir, root, secret };
}

const when = (root: string, cache: string) => runCli(['when', 'writing', 'mock', 'tests'], { cwd: root, env: { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '' } });

/** Caches of `root` built in a folder of ours, then copied into `into` with the table's file pointing at `target`. */
function plantTable(root: string, into: string, target: string): void {
  const built = join(base(), 'built');
  expect(when(root, built).stdout).toContain('Use fakes.');
  mkdirSync(into, { recursive: true });
  cpSync(built, into, { recursive: true });
  const table = readdirSync(into).find((f) => f.endsWith('.table'))!;
  const text = readFileSync(join(into, table), 'utf8');
  // The file is named once per sibling group, at the start of the group's line (resolve/trigger-table.ts).
  expect(text).toContain('\n["agents/decisions/a.md",');
  writeFileSync(join(into, table), text.replace('\n["agents/decisions/a.md",', `\n[${JSON.stringify(target)},`));
}

function expectAnswerWithoutCache(result: ReturnType<typeof runCli>, folder: string, problem: string): void {
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('Use fakes.');
  expect(result.stdout).not.toContain(SECRET);
  expect(result.stderr).toBe(
    `memdex: cache folder ${folder} ${problem}; caches are off for this run (expected a folder of your own that only you can write, mode 0700: remove it, or set MEMDEX_CACHE_DIR)\n`,
  );
}

describe('the cache folder', () => {
  test('is created with mode 0700 when absent', () => {
    const dir = join(base(), 'new', 'cache');
    expect(cacheFolderProblem(dir)).toEqual({ usable: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test('one of ours that others can only read is narrowed to 0700 and used', () => {
    const dir = join(base(), 'cache');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    expect(cacheFolderProblem(dir)).toEqual({ usable: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test.each([
    ['writable by everyone', 0o777, 'is writable by other users (mode 0777)'],
    ['writable by the group', 0o770, 'is writable by other users (mode 0770)'],
  ])('%s: ignored', (_name, mode, problem) => {
    const dir = join(base(), 'cache');
    mkdirSync(dir);
    chmodSync(dir, mode);
    expect(cacheFolderProblem(dir)).toEqual({ usable: false, problem });
  });

  test('a symbolic link (even to a folder of ours) or a file: ignored', () => {
    const at = base();
    mkdirSync(join(at, 'real'), { mode: 0o700 });
    symlinkSync(join(at, 'real'), join(at, 'link'));
    writeFileSync(join(at, 'file'), '');
    expect(cacheFolderProblem(join(at, 'link'))).toEqual({ usable: false, problem: 'is a symbolic link' });
    expect(cacheFolderProblem(join(at, 'file'))).toEqual({ usable: false, problem: 'is not a folder' });
  });

  test('owned by another user (uid injected): ignored', () => {
    const dir = join(base(), 'cache');
    mkdirSync(dir, { mode: 0o700 });
    expect(cacheFolderProblem(dir, me + 1)).toEqual({ usable: false, problem: `belongs to user ${me}, not to you (user ${me + 1})` });
  });

  (isRoot ? test : test.skip)('owned by another account (chown, as root): ignored', () => {
    const dir = join(base(), 'cache');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, OTHER_UID, OTHER_UID);
    expect(cacheFolderProblem(dir)).toEqual({ usable: false, problem: `belongs to user ${OTHER_UID}, not to you (user 0)` });
  });
});

describe('a table planted by another user is never read', () => {
  test('world-writable folder holding a poisoned table: `when` answers from the files, says so once, writes nothing there', () => {
    const { dir, root, secret } = tree();
    const cache = join(dir, 'shared-cache');
    plantTable(root, cache, secret);
    chmodSync(cache, 0o777);
    const before = readdirSync(cache).sort();
    expectAnswerWithoutCache(when(root, cache), cache, 'is writable by other users (mode 0777)');
    expect(readdirSync(cache).sort()).toEqual(before);
  });

  test('a symbolic link to a folder holding a poisoned table: the same', () => {
    const { dir, root, secret } = tree();
    plantTable(root, join(dir, 'planted'), secret);
    symlinkSync(join(dir, 'planted'), join(dir, 'cache-link'));
    expectAnswerWithoutCache(when(root, join(dir, 'cache-link')), join(dir, 'cache-link'), 'is a symbolic link');
  });

  (isRoot ? test : test.skip)('a folder of another account (chown, as root) holding a poisoned table: the same', () => {
    const { dir, root, secret } = tree();
    const cache = join(dir, 'their-cache');
    plantTable(root, cache, secret);
    chmodSync(cache, 0o700);
    chownSync(cache, OTHER_UID, OTHER_UID);
    expectAnswerWithoutCache(when(root, cache), cache, `belongs to user ${OTHER_UID}, not to you (user 0)`);
  });

  test.each([
    ['an absolute path', (secret: string) => secret],
    ['a path climbing out of the tree', () => '../secret.md'],
    ['a path climbing out of the decisions folder', () => 'agents/decisions/../../../secret.md'],
  ])('in a folder of ours, a table whose file is %s: the path is confined like a query, the right section printed', (_name, target) => {
    const { dir, root, secret } = tree();
    const cache = join(dir, 'own-cache');
    plantTable(root, cache, target(secret));
    chmodSync(cache, 0o700);
    const result = when(root, cache);
    expect(result.stdout).not.toContain(SECRET);
    expect(result.stdout).toContain('Use fakes.');
    expect([result.status, result.stderr]).toEqual([0, '']);
  });
});

describe('the temp cache folder taken by another user (issue 27 item 17)', () => {
  /** `<tmp>/memdex-cache-<uid>` made by someone else: the caches go to the user's own cache home, silently. */
  const taken = (how: 'owner' | 'symlink') => {
    const dir = base();
    const tmp = join(dir, 'tmp');
    const wanted = join(tmp, `memdex-cache-${me}`);
    mkdirSync(tmp);
    if (how === 'symlink') {
      mkdirSync(join(dir, 'elsewhere'), { mode: 0o700 });
      symlinkSync(join(dir, 'elsewhere'), wanted);
    } else {
      mkdirSync(wanted, { mode: 0o700 });
      chownSync(wanted, OTHER_UID, OTHER_UID);
    }
    return { tmp, wanted, home: join(dir, 'home'), xdg: join(dir, 'xdg') };
  };
  const whenWith = (root: string, env: Record<string, string>) =>
    runCli(['when', 'writing', 'mock', 'tests'], { cwd: root, env: { MEMDEX_CACHE_DIR: '', MEMDEX_NO_CACHE: '', XDG_CACHE_HOME: '', ...env } });

  (isRoot ? test : test.skip)('owned by another user (chown: tests run as root): ~/.cache/memdex, 0700, used from the second call', () => {
    const { root } = tree();
    const { tmp, wanted, home } = taken('owner');
    const first = whenWith(root, { TMPDIR: tmp, HOME: home });
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toContain('Use fakes.');
    const own = join(home, '.cache', 'memdex');
    expect(statSync(own).mode & 0o777).toBe(0o700);
    expect(readdirSync(own).some((f) => f.endsWith('.table'))).toBe(true);
    expect(readdirSync(wanted)).toEqual([]);
    expect(whenWith(root, { TMPDIR: tmp, HOME: home }).stdout).toContain('Use fakes.');
  });

  test('a symbolic link in its place: $XDG_CACHE_HOME/memdex when set', () => {
    const { root } = tree();
    const { tmp, home, xdg } = taken('symlink');
    const result = whenWith(root, { TMPDIR: tmp, HOME: home, XDG_CACHE_HOME: xdg });
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(readdirSync(join(xdg, 'memdex')).some((f) => f.endsWith('.table'))).toBe(true);
  });

  test('MEMDEX_CACHE_DIR named it: no fallback, caches off, said once', () => {
    const { root } = tree();
    const { wanted, home } = taken('symlink');
    const result = whenWith(root, { MEMDEX_CACHE_DIR: wanted, HOME: home });
    expectAnswerWithoutCache(result, wanted, 'is a symbolic link');
    expect(existsSync(join(home, '.cache'))).toBe(false);
  });
});
