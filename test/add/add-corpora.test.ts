/**
 * `memdex add` round trip on a copy of the shared corpora (the real migrated tree):
 * 20 generated memories, when and how, under a container heading or at the end of
 * the file, with and without extras, across the decision files. After each one the
 * tree is `memdex check`-clean (no error) and `memdex when|how <trigger>` returns the
 * new section, through a model cache warmed before the addition.
 */
import { afterAll, beforeAll, expect } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER, copyTree, describeCorpora, testCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const ADDITIONS = 20;
/** decision/line-limit's 400, less two additions of 7 lines each. */
const ROOM = 400 - 2 * 7;
const WORDS = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper', 'kelp', 'lichen', 'marble', 'nectar', 'obsidian', 'pewter', 'quartz', 'russet', 'saffron', 'tundra'];

describeCorpora('memdex add on the shared corpora', () => {
  let dir: string;
  let cache: string;
  beforeAll(() => {
    dir = copyTree(AFTER, 'memdex-add-corpora-');
    cache = mkdtempSync(join(tmpdir(), 'memdex-add-corpora-cache-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  const memdex = (args: readonly string[]) => runCli(args, { cwd: dir, env: { MEMDEX_CACHE_DIR: cache } });

  testCorpora(
    `${ADDITIONS} additions, each check-clean and recalled at once`,
    () => {
      // Files with room for two more memories (a fuller one is refused by the line limit: add-cli.test.ts).
      const lines = (f: string) => readFileSync(join(dir, 'agents', 'decisions', f), 'utf8').split('\n').length;
      const files = readdirSync(join(dir, 'agents', 'decisions')).filter((f) => f.endsWith('.md') && lines(f) < ROOM).sort();
      expect(files.length).toBeGreaterThan(ADDITIONS / 2);
      expect(memdex(['when', 'writing mock tests']).status).toBeLessThan(2); // warm: then each recall follows a change to a cached tree
      for (let i = 0; i < ADDITIONS; i++) {
        const operator = i % 2 === 0 ? 'when' : 'how';
        const file = files[i % files.length]!;
        const trigger = `${operator === 'when' ? 'handling' : 'prepare'} ${WORDS[i]} reports`;
        const text = readFileSync(join(dir, 'agents', 'decisions', file), 'utf8');
        // Every third one goes under the file's first container heading, when it has one.
        const container = /^#{2,5} (\.[^\n]+)$/m.exec(text)?.[1];
        const under = i % 3 === 0 && container !== undefined ? ['--under', container] : [];
        const extras = i % 4 === 1 ? ['--extras', `${WORDS[i]} summary, ${WORDS[i]} digest`] : [];
        writeFileSync(join(dir, 'note.md'), `The ${WORDS[i]} report is written once per run.\nBecause readers compare runs by it.\nExample: ${WORDS[i]}-report.json beside the log.\n`);
        const added = memdex(['add', operator, trigger, '--file', file, ...under, ...extras, '--body', 'note.md']);
        expect({ i, status: added.status, stderr: added.stderr.split('\n').filter((l) => !l.startsWith('memdex: warning:')).join('\n') }).toEqual({ i, status: 0, stderr: '' });
        const check = memdex(['check', '--quiet']);
        // --quiet: errors only (the corpus has warnings of its own, and then the tree is not called clean)
        // (stderr counts the warnings --quiet hides)
        expect({ i, status: check.status, stdout: check.stdout, stderr: check.stderr }).toEqual({ i, status: 0, stdout: '', stderr: expect.stringMatching(/^(memdex: \d+ warnings? not shown \(--quiet\): memdex check lists them\n)?$/) });
        const recalled = memdex([operator, trigger]);
        expect({ i, status: recalled.status }).toEqual({ i, status: 0 });
        expect(recalled.stdout).toContain(`The ${WORDS[i]} report is written once per run.`);
        if (extras.length > 0) expect(memdex([operator, `${WORDS[i]} digest`]).stdout).toContain(`The ${WORDS[i]} report is written once per run.`);
      }
      const index = readFileSync(join(dir, 'agents', 'memory-index.md'), 'utf8');
      expect(WORDS.filter((w) => index.includes(` ${w} reports`))).toHaveLength(ADDITIONS);
    },
    240_000,
  );
});
