/**
 * Issue 16 §14: a decisions folder that is a symlink, one configured outside the root, or
 * one holding a hard link is followed (the repository owner's choice, docs/resolve.md);
 * queries never leave the configured folder. Every escape attempt below runs through the
 * built CLI on each layout, with and without the cache: 0 may print the secret.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

const SECRET = 'SECRET-OUTSIDE-THE-DECISIONS-FOLDER';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const INDEX = '# Memory Index\n\n## agents/decisions/a.md\n\n/when writing mock tests\n';
const A = '# A\n\n## When Writing Mock Tests\n\nUse fakes.\n';
const SECRET_DOC = `# Secret\n\n## When Secret Thing\n\n${SECRET}\n`;

type Layout = { name: string; root: string; folder: string; base: string };

/** A base folder with the secret beside the tree, and one of the layouts. */
function layout(name: 'symlinked folder' | 'configured elsewhere' | 'plain folder'): Layout {
  const base = mkdtempSync(join(tmpdir(), 'memdex-decisions-'));
  dirs.push(base);
  const root = join(base, 'repo');
  const store = join(base, 'store', 'decisions');
  mkdirSync(store, { recursive: true });
  mkdirSync(join(root, 'agents'), { recursive: true });
  writeFileSync(join(base, 'secret.md'), SECRET_DOC);
  writeFileSync(join(base, 'store', 'secret-sibling.md'), SECRET_DOC);
  let folder = join(root, 'agents', 'decisions');
  if (name === 'symlinked folder') {
    symlinkSync(store, folder);
    folder = store;
  } else if (name === 'configured elsewhere') {
    writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ decisions: '../store/decisions' }));
    folder = store;
  } else mkdirSync(folder);
  const index = name === 'configured elsewhere' ? INDEX.replace('agents/decisions/a.md', '../store/decisions/a.md') : INDEX;
  writeFileSync(join(root, 'agents', 'memory-index.md'), index);
  writeFileSync(join(folder, 'a.md'), A);
  symlinkSync(join(base, 'secret.md'), join(folder, 'link-out.md')); // a symlink inside that leaves the folder
  return { name, root, folder, base };
}

function attempts(l: Layout): string[] {
  return [
    '..../secret.md', '..../../secret.md', '..../../../secret.md', '..%2e%2e/secret.md', '..secret.md', '..secret-sibling.md',
    '..store/secret-sibling.md', '..decisions/../secret-sibling.md', '../secret.md', '..\\..\\secret.md', `..${join(l.base, 'secret.md')}`,
    `..${join(l.base, 'store', 'secret-sibling.md')}`, '..link-out.md', '..LINK-OUT.md', '..link-out', '.When Secret Thing', '.Secret Thing',
    '..When Secret Thing', 'secret thing', '/when secret thing', 'when secret thing', `..a.md/../../secret.md`, '..a.md\0../secret.md',
  ];
}

describe.each(['symlinked folder', 'configured elsewhere', 'plain folder'] as const)('decisions: %s', (name) => {
  test.each([
    ['with the cache', { MEMDEX_NO_CACHE: '' }],
    ['without the cache', { MEMDEX_NO_CACHE: '1' }],
  ])('the folder is followed; every escape attempt %s: 0 escapes', (_mode, env) => {
    const l = layout(name);
    const cache = { MEMDEX_CACHE_DIR: join(l.base, 'cache'), ...env };
    // Followed: the entry, the file and the heading all answer from the folder.
    const followed = runCli(['when', '-'], { cwd: l.root, input: 'writing mock tests\n..a.md\n.When Writing Mock Tests\n', env: cache });
    expect([followed.status, followed.stderr]).toEqual([0, '']);
    expect(followed.stdout.split('Use fakes.').length - 1).toBe(2); // the section (found twice, printed once) and the whole file
    const list = attempts(l);
    // One process answers them all (one query per stdin line), one JSON result per query.
    const result = runCli(['when', '-', '--format', 'json'], { cwd: l.root, input: `${list.join('\n')}\n`, env: cache });
    const results = JSON.parse(result.stdout) as { query: string; status: string }[];
    expect(result.status).toBe(1);
    expect(results.filter((r) => r.status === 'found').map((r) => r.query)).toEqual([]);
    const escapes = results.filter((r) => JSON.stringify(r).includes(SECRET)).length + (result.stderr.includes(SECRET) ? 1 : 0);
    expect({ attempts: results.length, escapes }).toEqual({ attempts: 23, escapes: 0 });
  });
});

describe('a hard link inside the decisions folder', () => {
  test('is the same file: followed, like the owner linked it (documented)', () => {
    const l = layout('plain folder');
    const outside = join(l.base, 'linked-from-elsewhere.md');
    writeFileSync(outside, '# Elsewhere\n\n## When Linked In\n\nlinked text\n');
    linkSync(outside, join(l.folder, 'hard.md'));
    const result = runCli(['when', '..hard.md'], { cwd: l.root, env: { MEMDEX_NO_CACHE: '1' } });
    expect([result.status, result.stdout.includes('linked text')]).toEqual([0, true]);
  });
});
