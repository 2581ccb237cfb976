/**
 * A trigger miss in `memdex when|how` lists the entries about the query's words (the
 * topic ranker) next to the character-fuzzy choices; an exact hit is still answered
 * by the recall fast path alone. End to end through the built CLI.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'memdex-suggest-miss-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
writeFileSync(
  join(root, 'agents', 'memory-index.md'),
  ['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests | mock patch, test doubles', '/how encode file paths', '/when choosing review gates', ''].join('\n'),
);
writeFileSync(
  join(root, 'agents', 'decisions', 'testing.md'),
  [
    '# Testing',
    '',
    '## When Writing Mock Tests',
    '',
    'Patch where the object is used, not where it is defined.',
    '',
    '## How to Encode File Paths',
    '',
    'Encode separators as dashes.',
    '',
    '## When Choosing Review Gates',
    '',
    'A gate after each phase, not after each step. The reviewer reads the diff.',
    '',
  ].join('\n'),
);
const when = (args: string[], env: Record<string, string> = {}) => runCli(['when', ...args, '--root', root], { env });

describe('a trigger miss lists the entries about its words', () => {
  test('text: no fuzzy choice, but an entry whose section is about the words', () => {
    const r = when(['separators as dashes']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("memdex: no entry matches 'separators as dashes'. Entries about these words:\n  /how encode file paths\n");
  });

  test('text: next to the fuzzy choices, without repeating them', () => {
    const r = when(['mock patch where the object is defined, gate each phase']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^memdex: no entry matches 'mock patch where the object is defined, gate each phase'\. Closest entries:\n( {2}\/\S.*\n)+Entries about these words:\n( {2}\/\S.*\n)+$/);
    const [closest, about] = r.stderr.split('Entries about these words:');
    const lines = (text: string) => text!.split('\n').filter((l) => l.startsWith('  /')).map((l) => l.trim());
    expect(lines(about!).length).toBeGreaterThan(0);
    expect(lines(about!).filter((l) => lines(closest!).includes(l))).toEqual([]);
  });

  test('json: `related` holds {label, score} per entry; [] when nothing is about the words', () => {
    const r = when(['separators as dashes', 'zzzz qqqq', '--format', 'json']);
    const [hit, none] = JSON.parse(r.stdout) as { status: string; related: { label: string; score: number }[] }[];
    expect(hit!.status).toBe('not-found');
    expect(hit!.related).toEqual([{ label: '/how encode file paths', score: expect.any(Number) }]);
    expect(none!.related).toEqual([]);
  });

  test('an exact hit is still answered without the full CLI; a miss hands over to it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-suggest-loads-'));
    try {
      const loaded = join(dir, 'loaded.txt');
      writeFileSync(join(dir, 'record.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(loaded)}, url + '\\n'); return next(url, context); }\n`);
      writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./record.mjs', import.meta.url);\n`);
      const env = { NODE_OPTIONS: `--import "${join(dir, 'register.mjs')}"` };
      const cliLoaded = () => (existsSync(loaded) ? readFileSync(loaded, 'utf8') : '').includes('/dist/cli.js');
      when(['writing mock tests'], env); // builds the cache
      rmSync(loaded, { force: true });
      expect(when(['writing mock tests'], env).status).toBe(0);
      expect(cliLoaded()).toBe(false);
      expect(when(['separators as dashes'], env).status).toBe(1);
      expect(cliLoaded()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
