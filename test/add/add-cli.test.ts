/**
 * `memdex add` end to end on a copy of fixtures/example: the memory lands in both
 * files at the places the rules want, `memdex check` stays clean, `memdex when`
 * answers it at once through the model cache; each refusal says what is wrong and
 * what is expected, and writes nothing.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const BODY = 'Decide it once, in the first review, and write the decision down.\nBecause a second discussion costs more than the first.\nExample: the reviewer links this section instead of arguing again.\n';

let dir: string;
let cache: string;
const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const memdex = (args: readonly string[], input?: string) =>
  runCli(args, { cwd: dir, env: { MEMDEX_CACHE_DIR: cache }, ...(input !== undefined ? { input } : {}) });
const bodyFile = (text = BODY) => {
  writeFileSync(join(dir, 'note.md'), text);
  return 'note.md';
};
const snapshot = () => ({ index: read('agents/memory-index.md'), testing: read('agents/decisions/testing.md'), cli: read('agents/decisions/cli.md') });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-add-'));
  cache = mkdtempSync(join(tmpdir(), 'memdex-add-cache-'));
  cpSync(join(REPO, 'fixtures', 'example', 'agents'), join(dir, 'agents'), { recursive: true });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe('a memory is added', () => {
  test('under a heading: heading one level deeper at the end of its section, entry in heading order, check clean, recalled at once', () => {
    // The cache is warm before the addition: the next `when` must still see the new memory.
    expect(memdex(['when', 'writing mock tests']).status).toBe(0);
    const r = memdex(['add', 'how', 'freeze the system clock', '--file', 'testing.md', '--under', '.Integration', '--extras', 'frozen time', '--body', bodyFile()]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('added /how freeze the system clock | frozen time (agents/memory-index.md:24) and "How to Freeze The System Clock" (agents/decisions/testing.md:30, under ".Integration")\n');
    const testing = read('agents/decisions/testing.md').split('\n');
    expect(testing.slice(28, 35)).toEqual(['', '### How to Freeze The System Clock', '', ...BODY.trimEnd().split('\n'), '']);
    const index = read('agents/memory-index.md').split('\n');
    expect(index.slice(20, 25)).toEqual([
      '/when writing mock tests | mock patch, test doubles',
      '/how run tests against real git | temp repo, e2e',
      '/when a test needs the clock | time, now, fake timers',
      '/how freeze the system clock | frozen time',
      '',
    ]);
    expect(memdex(['check']).status).toBe(0);
    const when = memdex(['how', 'freeze the system clock']);
    expect(when.status).toBe(0);
    expect(when.stdout).toContain('# How to Freeze The System Clock\nDecide it once, in the first review');
  });

  test('between two memories: the entry goes before the first entry whose heading comes later (index/entry-order)', () => {
    const r = memdex(['add', 'when', 'formatting', 'help', 'text', '--file', 'cli.md', '--under', '.Output', '--body', bodyFile()]);
    expect(r.status).toBe(0);
    const section = read('agents/memory-index.md').split('## agents/decisions/cli.md')[1]!.split('## ')[0]!.trim().split('\n');
    expect(section).toEqual(['/when printing errors | stderr, exit codes', '/when formatting help text', '/how parse command line flags | argv, yargs', '/when adding a new subcommand']);
    expect(read('agents/decisions/cli.md')).toMatch(/\n### When Formatting Help Text\n\nDecide it once[^]*\n\n## \.Arguments\n/);
    expect(memdex(['check']).status).toBe(0);
  });

  test('without --under, nothing about the same thing: a memory of its own at level 2 at the end of the file, never inside the section that happens to come last', () => {
    const r = memdex(['add', 'when', 'naming branches', '--file', 'workflow.md', '--body', bodyFile()]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('added /when naming branches (agents/memory-index.md:30) and "When Naming Branches" (agents/decisions/workflow.md:23, under "Workflow", at the end of the file (no memory of the file is about the same thing; --under to choose a heading))\n');
    expect(read('agents/decisions/workflow.md').endsWith(`\n\n## When Naming Branches\n\n${BODY}`)).toBe(true);
    expect(read('agents/memory-index.md')).toContain('/when choosing between library and hand-written code\n/when naming branches\n');
    expect(memdex(['check']).status).toBe(0);
  });

  test('without --under, beside the memories about the same thing: under their section, at its end', () => {
    const body = 'When a flag takes a value, use yargs options with a type and a describe line.\nParse command line flags once, in the command module.\nExample: --root takes a folder; --format takes text or json.\n';
    const r = memdex(['add', 'how', 'declare flag values', '--file', 'cli.md', '--extras', 'argv options, yargs types', '--body', bodyFile(body)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('(agents/decisions/cli.md:33, under ".Arguments", beside the memories about the same thing (--under to choose another heading))\n');
    expect(read('agents/decisions/cli.md')).toMatch(/### When Adding a New Subcommand\n[^#]*\n### How to Declare Flag Values\n/);
    expect(memdex(['check']).status).toBe(0);
  });

  test('a lower-case trigger: the heading writes each word as the tree does (CLI, not Cli)', () => {
    writeFileSync(join(dir, 'agents/decisions/cli.md'), `${read('agents/decisions/cli.md')}\nThe CLI runs in CI as it runs here; CI sets GITHUB_ACTIONS.\n`);
    const r = memdex(['add', 'when', 'the cli runs in ci', '--file', 'workflow.md', '--body', bodyFile()]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('"When The CLI Runs In CI"');
    expect(read('agents/memory-index.md')).toContain('/when the cli runs in ci\n');
  });

  test('in a new decision file: the file with a title, and its index section in path order', () => {
    const r = memdex(['add', 'when', 'tagging a release', '--file', 'agents/decisions/releasing.md', '--body', '-'], BODY);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('(agents/decisions/releasing.md:3, a new decision file)');
    expect(read('agents/decisions/releasing.md')).toBe(`# Releasing\n\n## When Tagging A Release\n\n${BODY}`);
    expect(read('agents/memory-index.md')).toContain('/when adding a new subcommand\n\n## agents/decisions/releasing.md\n\n/when tagging a release\n\n## agents/decisions/testing.md');
    expect(memdex(['check']).status).toBe(0);
    expect(memdex(['when', 'tagging a release']).stdout).toContain('# When Tagging A Release');
  });

  test('--dry-run prints the unified diff of both files and writes nothing', () => {
    const before = snapshot();
    const r = memdex(['add', 'when', 'naming branches', '--file', 'workflow.md', '--dry-run', '--body', bodyFile()]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--- a/agents/decisions/workflow.md\n+++ b/agents/decisions/workflow.md\n');
    expect(r.stdout).toContain("+## When Naming Branches\n");
    expect(r.stdout).toContain('--- a/agents/memory-index.md\n+++ b/agents/memory-index.md\n');
    expect(r.stdout).toContain('+/when naming branches\n');
    expect(r.stdout.endsWith('dry run: "When Naming Branches" would go in agents/decisions/workflow.md under "Workflow", at the end of the file (no memory of the file is about the same thing; --under to choose a heading); 2 files would change; nothing was written\n')).toBe(true);
    expect(snapshot()).toEqual(before);
  });
});

describe('warnings (the memory is still added)', () => {
  test('a trigger the fuzzy stage lands elsewhere with: the entries named, and compress-key\'s unique form proposed', () => {
    const r = memdex(['add', 'when', 'writing mock tests quickly', '--file', 'testing.md', '--body', bodyFile()]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('memdex: warning: /when writing mock tests quickly is close to agents/decisions/testing.md:5 "When Writing Mock Tests": a query worded a little differently may land there\n');
    expect(r.stderr).toContain('memdex: warning: the shortest trigger that finds only the new memory is /when writing quickly (memdex compress-key); consider it\n');
  });

  test('similar memories, found by the topic ranker', () => {
    const r = memdex(['add', 'when', 'stubbing collaborators', '--file', 'testing.md', '--extras', 'mock patch test doubles', '--body', bodyFile('Use test doubles: mock patch the collaborator where it is used.\nWriting mock tests this way keeps them fast.\nPatch the import site, not the definition.\n')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/memdex: warning: similar memories exist: \/when writing mock tests \(0\.\d\d\).*; if one covers this, extend its section instead\n/);
  });
});

describe('refusals: exit 1, each problem said, nothing written', () => {
  const refused = (args: readonly string[], input?: string) => {
    const before = snapshot();
    const r = memdex(['add', ...args], input);
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 1, stdout: '' });
    expect(snapshot()).toEqual(before);
    expect(existsSync(join(dir, '.memdex'))).toBe(false);
    return r.stderr;
  };

  test('a trigger that exists, and its heading', () => {
    expect(refused(['when', 'Writing  mock-tests', '--file', 'testing.md', '--body', bodyFile()])).toBe(
      [
        '/when Writing mock-tests already exists at agents/memory-index.md:21; expected a new trigger (or add to that memory\'s section instead)',
        'the heading "When Writing Mock Tests" already exists at agents/decisions/testing.md:5; each memory heading is unique across the decision files',
        'memdex: add refused (2 problems); nothing was written',
        '',
      ].join('\n'),
    );
  });

  test('an extra that is another entry\'s trigger, and a trigger that is another entry\'s extra', () => {
    const stderr = refused(['when', 'fake timers', '--file', 'testing.md', '--extras', 'printing errors', '--body', bodyFile()]);
    expect(stderr).toContain('the extra "printing errors" is the trigger of /when printing errors (agents/memory-index.md:15), so `/when printing errors` could not tell them apart; expected other words\n');
    expect(stderr).toContain('the trigger "fake timers" is an extra of /when a test needs the clock (agents/memory-index.md:23), so it already finds that memory; expected other words, or remove that extra first\n');
  });

  test('a file outside the decisions folder', () => {
    expect(refused(['when', 'naming branches', '--file', '../notes.md', '--body', bodyFile()])).toContain(
      '../notes.md is not a decision file of this tree; expected a .md file directly in agents/decisions/ (e.g. --file testing.md)\n',
    );
    expect(refused(['when', 'naming branches', '--file', 'docs/guide.md', '--body', bodyFile()])).toContain('docs/guide.md is not a decision file of this tree');
    expect(refused(['when', 'naming branches', '--file', 'notes.txt', '--body', bodyFile()])).toContain('notes.txt is not a decision file of this tree');
  });

  test('content too short for decision/semantic-heading-content, and none at all', () => {
    expect(refused(['when', 'naming branches', '--file', 'workflow.md', '--body', bodyFile('Use feat/ prefixes.\n\nAlways.\n')])).toContain(
      'the content has 2 non-blank lines; a memory needs at least 3 (the decision, why, and an example or consequence: rule decision/semantic-heading-content), expected more content\n',
    );
    expect(refused(['when', 'naming branches', '--file', 'workflow.md'])).toContain('no content: give it with --body <file> or --body - (stdin)');
  });

  test('a file that would pass decision/line-limit (its configured max)', () => {
    writeFileSync(join(dir, 'memdex.config.json'), JSON.stringify({ rules: { 'decision/line-limit': { options: { max: 26 } } } }));
    expect(refused(['when', 'naming branches', '--file', 'workflow.md', '--body', bodyFile()])).toContain(
      'agents/decisions/workflow.md would have 27 lines, more than the 26 rule decision/line-limit allows; expected another file (--file), or split this one first\n',
    );
  });

  test('a trigger without words, or with the grammar\'s own characters', () => {
    expect(refused(['when', '!!!', '--file', 'cli.md', '--body', bodyFile()])).toContain('the trigger "!!!" has no words');
    expect(refused(['when', 'a | b', '--file', 'cli.md', '--body', bodyFile()])).toContain('the trigger "a | b" holds a "|" (it starts the extras)');
    expect(refused(['when', '.Output', '--file', 'cli.md', '--body', bodyFile()])).toContain('starts with "."');
  });

  test('--under a heading the file does not have: the headings it has are listed', () => {
    expect(refused(['when', 'naming branches', '--file', 'workflow.md', '--under', 'Branches', '--body', bodyFile()])).toContain(
      'no heading "Branches" in agents/decisions/workflow.md; expected one of: "Workflow", "How to Write Commit Messages", ".Code Organisation", "When Splitting Large Modules", "When Choosing Between Library and Hand-Written Code"\n',
    );
  });

  test('content holding a heading that would end the new section', () => {
    const stderr = refused(['when', 'naming branches', '--file', 'workflow.md', '--under', '.Code Organisation', '--body', bodyFile(`${BODY}\n### Another Topic\n\nmore\n`)]);
    expect(stderr).toContain('line 5 of the content is a level-3 heading ("Another Topic"), which would end the new section');
  });

  test('an unknown kind is a usage error (exit 2)', () => {
    const r = memdex(['add', 'what', 'naming branches', '--file', 'workflow.md', '--body', bodyFile()]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown kind "what"; expected when (a situation) or how (a task)');
  });
});
