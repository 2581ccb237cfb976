/**
 * `memdex check` keeps parsed documents by content hash (src/app/parse-cache.ts):
 * a document parsed before is not parsed again, a changed one always is (even when
 * its size and mtime are unchanged), and MEMDEX_NO_CACHE=1 writes no cache at all.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER, copyTree, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const TESTING = 'agents/decisions/testing.md';
const HEADING = '### How to Apply Mock Patches Correctly';
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dir = copyTree(AFTER);
  const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-parse-cache-'));
  cleanup.push(dir, cacheDir);
  return { dir, cacheDir, env: { MEMDEX_CACHE_DIR: cacheDir } };
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The parse cache file: its header line and its scans by content hash. */
function parseCache(cacheDir: string) {
  const name = readdirSync(cacheDir).find((f) => f.endsWith('.parse'))!;
  const [header, body] = readFileSync(join(cacheDir, name), 'utf8').split('\n');
  return { path: join(cacheDir, name), header: header!, scans: JSON.parse(body!) as Record<string, unknown> };
}

describeCorpora('check parse cache', () => {
  test('holds one scan per memory document, keyed by content; a second check takes them from it', () => {
    const { dir, cacheDir, env } = setup();
    const first = runCli(['check'], { cwd: dir, env });
    expect(first.status).toBe(0);
    const { path, header, scans } = parseCache(cacheDir);
    const testing = readFileSync(join(dir, TESTING), 'utf8');
    const documents = 1 + readdirSync(join(dir, 'agents/decisions')).length;
    expect(Object.keys(scans)).toHaveLength(documents);
    expect(scans[sha1(testing)]).toBeDefined();
    // Plant a scan without headings for testing.md: if check uses the cache, its entries lose their headings.
    writeFileSync(path, `${header}\n${JSON.stringify({ ...scans, [sha1(testing)]: [[], [], []] })}`);
    const planted = runCli(['check'], { cwd: dir, env });
    expect(planted.status).toBe(1);
    expect(planted.stdout).toContain('/how apply mock patches correctly');
    expect(planted.stdout).toContain('index/entry-has-heading');
  });

  test('a change that keeps the size and the mtime is parsed again (content hash), and the old scan pruned', () => {
    const { dir, cacheDir, env } = setup();
    expect(runCli(['check'], { cwd: dir, env }).status).toBe(0);
    const path = join(dir, TESTING);
    const before = statSync(path);
    const text = readFileSync(path, 'utf8');
    const changed = text.replace(HEADING, `x${HEADING.slice(1)}`); // no longer a heading, same size
    writeFileSync(path, changed);
    utimesSync(path, before.atime, before.mtime);
    expect(statSync(path).size).toBe(before.size);
    expect(Math.abs(statSync(path).mtimeMs - before.mtimeMs)).toBeLessThan(1);
    const after = runCli(['check'], { cwd: dir, env });
    expect(after.status).toBe(1);
    expect(after.stdout).toMatch(/memory-index\.md:\d+:\d+ +error +.*apply mock patches correctly.* +index\/entry-has-heading/);
    const { scans } = parseCache(cacheDir);
    expect(scans[sha1(changed)]).toBeDefined();
    expect(scans[sha1(text)]).toBeUndefined();
  });

  test('check --fix on a clean tree reports exactly what check reports', () => {
    const { dir, env } = setup();
    const check = runCli(['check', '--format', 'json'], { cwd: dir, env });
    const fix = runCli(['check', '--fix', '--format', 'json'], { cwd: dir, env });
    expect(fix.status).toBe(check.status);
    expect(fix.stdout).toBe(check.stdout);
    expect(fix.stderr).toBe('');
  });

  test('MEMDEX_NO_CACHE=1 writes no cache file, for check and for recall, and answers the same', () => {
    const { dir, cacheDir } = setup();
    const off = { MEMDEX_CACHE_DIR: cacheDir, MEMDEX_NO_CACHE: '1' };
    const check = runCli(['check'], { cwd: dir, env: off });
    const fuzzy = runCli(['when', 'aply mock patches corectly'], { cwd: dir, env: off });
    const exact = runCli(['how', 'apply mock patches correctly'], { cwd: dir, env: off });
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(check.status).toBe(0);
    expect(fuzzy.stdout).toContain(`# ${HEADING.slice(4)}`);
    expect(exact.stdout).toBe(fuzzy.stdout);
    const on = { MEMDEX_CACHE_DIR: cacheDir };
    expect(runCli(['check'], { cwd: dir, env: on }).stdout).toBe(check.stdout);
    expect(runCli(['how', 'apply mock patches correctly'], { cwd: dir, env: on }).stdout).toBe(exact.stdout);
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });
});
