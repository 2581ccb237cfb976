/**
 * V8's code cache of the per-call bundles (src/node/load-bundle.ts): the second call
 * compiles from the cache; a cache file that others could have written, that is torn,
 * or that is of another bundle is not used; a cache folder that cannot be used or
 * written still answers. In every case the output is byte for byte what a run without
 * any cache prints. MEMDEX_DEBUG=1 says per bundle what the cache did: the test seam.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, runCli, type CliResult } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-code-cache-');
const isRoot = process.getuid?.() === 0;
const me = process.getuid?.() ?? -1;
const OTHER_UID = 54321;
/** `memdex check` (pre-commit): dist/check.cjs, compiled through the code cache. */
const QUERY = ['check'];
const DEBUG_LINE = /^memdex: code cache: .*\n/gm;

const root = temp(EXAMPLE);
/** What a run without any cache prints: every other run must print the same. */
const plain = runCli([...QUERY, '--root', root], { env: { MEMDEX_NO_CACHE: '1' } });

/** The query with this cache folder: what it printed (debug lines aside) and the debug lines. */
function when(cache: string, env: Record<string, string> = {}): CliResult & { debug: string[]; output: CliResult } {
  const result = runCli([...QUERY, '--root', root], { env: { MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '', MEMDEX_DEBUG: '1', ...env } });
  const debug = result.stderr.match(DEBUG_LINE)?.map((line) => line.trimEnd()) ?? [];
  return { ...result, debug, output: { status: result.status, stdout: result.stdout, stderr: result.stderr.replace(DEBUG_LINE, '') } };
}

/** The code files of a cache folder (one per bundle a run compiled through the cache). */
const codeFiles = (cache: string): string[] => readdirSync(cache).filter((name) => name.endsWith('.code'));

/**
 * A cache folder in which one run has written the code of the query's bundles. The run is made once (the first caller
 * checks it) and its folder copied for each caller, who spoils or reads its own: a folder of the user's only (0700),
 * each file with the mode the run gave it.
 */
let warmed: string | undefined;
function warmCache(): string {
  if (warmed === undefined) {
    const cache = join(temp(), 'cache');
    const first = when(cache);
    expect(first.output).toEqual(plain);
    expect(first.debug.filter((line) => line.endsWith(': absent')).length).toBeGreaterThan(0);
    expect(codeFiles(cache).length).toBeGreaterThan(0);
    warmed = cache;
  }
  const copy = join(temp(), 'cache');
  mkdirSync(copy, { mode: 0o700 });
  for (const name of readdirSync(warmed)) copyFileSync(join(warmed, name), join(copy, name));
  return copy;
}

describe('the code cache', () => {
  test('the command answers (the reference run)', () => {
    expect(plain).toEqual({ status: 0, stdout: '✔ memory tree clean\n', stderr: '' });
  });

  test('the first call writes the code after answering, the second uses it; the output is the same', () => {
    const cache = join(temp(), 'cache');
    const first = when(cache);
    expect(first.output).toEqual(plain);
    const bundles = first.debug.filter((line) => line.endsWith(': absent')).map((line) => line.split(': ')[2]);
    expect(bundles.length).toBeGreaterThan(0);
    // written at exit, after the answer: the written lines come after every compile line
    expect(first.debug).toEqual(['memdex: code cache: check.cjs: absent', 'memdex: code cache: check.cjs: written']);
    expect(codeFiles(cache)).toHaveLength(bundles.length);
    for (const name of codeFiles(cache)) expect(statSync(join(cache, name)).mode & 0o777).toBe(0o600);
    const second = when(cache);
    expect(second.output).toEqual(plain);
    expect(second.debug).toEqual(bundles.map((b) => `memdex: code cache: ${b}: used`));
    // a used cache is not written again
    const third = when(cache);
    expect(third.debug).toEqual(second.debug);
  });

  test("a first prompt's pointers (suggest.onPrompt) are required plainly: no code cache is read or written, the same injection", () => {
    // dist/hook-prompt-pointers.cjs through the cache cost the prompt CPU (src/node/load-bundle.ts: the figures)
    const project = temp(EXAMPLE);
    writeFileSync(join(project, 'memdex.config.json'), JSON.stringify({ suggest: { onPrompt: true } }));
    const cache = join(temp(), 'cache');
    let session = 0;
    const prompt = (env: Record<string, string>) =>
      runCli(['hook', 'user-prompt-submit'], {
        cwd: project,
        input: JSON.stringify({ session_id: `s-${session++}`, cwd: project, hook_event_name: 'UserPromptSubmit', prompt: 'how do I write mock tests?' }),
        env: { CLAUDE_PROJECT_DIR: project, MEMDEX_HOOKS: '', MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '', MEMDEX_DEBUG: '1', ...env },
      });
    const reference = prompt({ MEMDEX_NO_CACHE: '1' });
    expect(reference.stdout).toContain('Memory entries related to this request');
    const first = prompt({});
    const second = prompt({});
    for (const result of [first, second]) {
      expect(result.stderr.match(DEBUG_LINE)).toBeNull();
      expect({ ...result, stderr: result.stderr.replace(DEBUG_LINE, '') }).toEqual(reference);
    }
    expect(codeFiles(cache)).toEqual([]);
  });

  test('MEMDEX_CACHE_DIR holds the code; MEMDEX_NO_CACHE=1 turns it off with the other caches', () => {
    const cache = warmCache();
    expect(readdirSync(cache).some((name) => name.endsWith('.parse'))).toBe(true);
    const off = join(temp(), 'off');
    const result = when(off, { MEMDEX_NO_CACHE: '1' });
    expect(result.output).toEqual(plain);
    expect(result.debug).toEqual([]);
    expect(() => readdirSync(off)).toThrow();
  });
});

describe('a cache file is used only when it is the user\'s own, whole and of this bundle', () => {
  /** Each way of spoiling the code files, and what the debug line says of them. */
  const invalid: [string, (file: string) => void, string | RegExp][] = [
    ['writable by the group', (file) => chmodSync(file, 0o620), 'not used: is writable by other users (mode 0620)'],
    ['writable by others', (file) => chmodSync(file, 0o602), 'not used: is writable by other users (mode 0602)'],
    ['truncated to half', (file) => truncateSync(file, Math.floor(statSync(file).size / 2)), 'not used: is damaged (its code does not match the hash of its header)'],
    ['truncated into its header', (file) => truncateSync(file, 20), 'not used: is of another bundle, Node, architecture or V8 flags (or torn)'],
    // V8 does not check its data: without the header's hash, this one crashes the process ("Fatal error ... unreachable code")
    ['its bytes flipped after the header', (file) => flipBody(file), 'not used: is damaged (its code does not match the hash of its header)'],
    ['a folder in its place', (file) => replaceWithFolder(file), /^not used: (is not a regular file|cannot be read \(EISDIR\))$/],
  ];
  if (isRoot) invalid.push(['owned by another user', (file) => chownSync(file, OTHER_UID, OTHER_UID), `not used: belongs to user ${OTHER_UID}, not to you (user ${me})`]);

  test.each(invalid)('%s: not used, the same output', (_name, spoil, expected) => {
    const cache = warmCache();
    for (const name of codeFiles(cache)) spoil(join(cache, name));
    const result = when(cache);
    expect(result.output).toEqual(plain);
    const said = result.debug.filter((line) => !line.endsWith(': written')).map((line) => line.split(': ').slice(3).join(': '));
    expect(said.length).toBeGreaterThan(0);
    for (const what of said) {
      if (typeof expected === 'string') expect(what).toBe(expected);
      else expect(what).toMatch(expected);
    }
  });

  (isRoot ? test.skip : test)('owned by another user: needs root to hand a file to another uid (skipped)', () => undefined);

  test('the code of another bundle of the same length is not used (V8 checks only the length)', () => {
    // A copy of the package whose check prints other words, in as many bytes.
    const copy = temp();
    mkdirSync(join(copy, 'bin'));
    cpSync(CLI, join(copy, 'bin', 'memdex.cjs'));
    cpSync(join(CLI, '..', '..', 'dist'), join(copy, 'dist'), { recursive: true });
    cpSync(join(CLI, '..', '..', 'package.json'), join(copy, 'package.json'));
    for (const bundle of ['check.cjs']) {
      const file = join(copy, 'dist', bundle);
      const text = readFileSync(file, 'utf8');
      const changed = text.replaceAll('memory tree${', 'MEMORY TREE${'); // messages/format.ts `clean`
      expect(Buffer.byteLength(changed)).toBe(Buffer.byteLength(text));
      expect(changed).not.toBe(text);
      writeFileSync(file, changed);
    }
    const otherCache = join(temp(), 'cache');
    const other = spawnSync(process.execPath, [join(copy, 'bin', 'memdex.cjs'), ...QUERY, '--root', root], { encoding: 'utf8', env: { ...process.env, MEMDEX_CACHE_DIR: otherCache, MEMDEX_NO_CACHE: '', MEMDEX_DEBUG: '' } });
    expect([other.status, other.stdout]).toEqual([0, '✔ MEMORY TREE clean\n']);
    const ownCache = warmCache();
    // The copy's code under the names of this package's files (a name is a hash of the bundle's path), paired by size:
    // the bundles differ in size by far more than a bundle's code from one copy to the other.
    const bySize = (dir: string) => codeFiles(dir).sort((x, y) => statSync(join(dir, x)).size - statSync(join(dir, y)).size);
    const own = bySize(ownCache);
    const theirs = bySize(otherCache);
    expect(theirs).toHaveLength(own.length);
    for (const [i, name] of own.entries()) writeFileSync(join(ownCache, name), readFileSync(join(otherCache, theirs[i]!)));
    const result = when(ownCache);
    expect(result.output).toEqual(plain);
    expect(result.stdout).not.toContain('MEMORY');
    const said = result.debug.filter((line) => !line.endsWith(': written'));
    expect(said).toHaveLength(own.length);
    for (const line of said) expect(line).toMatch(/: not used: is of another bundle, Node, architecture or V8 flags \(or torn\)$/);
  });
});

describe('a cache folder that cannot be used still answers', () => {
  test('a folder that cannot be created (a file in the way): no cache, the same output', () => {
    const dir = temp();
    writeFileSync(join(dir, 'file'), '');
    const result = when(join(dir, 'file', 'cache'));
    expect(result.output).toEqual(plain);
    expect(result.debug).toEqual([]); // the bundles compiled by Node's require, as with MEMDEX_NO_CACHE=1
  });

  test('a folder writable by others: the caches are off with the one warning, the same answer', () => {
    const cache = join(temp(), 'cache');
    mkdirSync(cache, { mode: 0o777 });
    chmodSync(cache, 0o777);
    const result = when(cache);
    expect(result.stdout).toBe(plain.stdout);
    expect(result.output.stderr).toBe(`memdex: cache folder ${cache} is writable by other users (mode 0777); caches are off for this run (expected a folder of your own that only you can write, mode 0700: remove it, or set MEMDEX_CACHE_DIR)\n`);
    expect(codeFiles(cache)).toEqual([]);
  });

  (isRoot ? test.skip : test)('a read-only folder (not as root, who writes anyway): no code written, the same output', () => {
    const cache = join(temp(), 'cache');
    mkdirSync(cache, { mode: 0o500 });
    chmodSync(cache, 0o500);
    const result = when(cache);
    chmodSync(cache, 0o700);
    expect(result.output).toEqual(plain);
    expect(codeFiles(cache)).toEqual([]);
  });
});

function flipBody(file: string): void {
  const bytes = readFileSync(file);
  const start = bytes.indexOf(0x0a) + 1;
  for (let i = start + 64; i < bytes.length; i += 7) bytes[i] = bytes[i]! ^ 0xff;
  writeFileSync(file, bytes);
}

/** A folder where the code file was. */
function replaceWithFolder(file: string): void {
  rmSync(file);
  mkdirSync(file);
}
