/**
 * `memdex promote` end to end (the built CLI) on a copy of fixtures/example with a
 * CLAUDE.md that @-loads a fragment: a RuleTester-style table of cases (the files
 * before, the command, the files it changes as the user reads them, or the
 * refusal's words and nothing written), and a kill at every file operation of the
 * write: the next memdex command leaves the old three files or the new three, never a mix.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const FRAGMENT = 'agents/fragments/conventions.md';
const SHORT = '\n## When Naming Branches\n\nUse feat/ prefixes.\n';

let dir: string;
const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const write = (rel: string, text: string) => {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
};
function tree(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-promote-'));
  cpSync(join(REPO, 'fixtures', 'example', 'agents'), join(dir, 'agents'), { recursive: true });
  write(FRAGMENT, '# Conventions\n\nKeep it short.\n');
  write('CLAUDE.md', '# Agent\n\n@agents/fragments/conventions.md\n\n@agents/memory-index.md\n');
  write('agents/decisions/workflow.md', `${read('agents/decisions/workflow.md')}${SHORT}`);
  write('agents/memory-index.md', read('agents/memory-index.md').replace('/when choosing between library and hand-written code\n', '/when choosing between library and hand-written code\n/when naming branches\n'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly prepare?: () => void;
  /** Promoted: each changed file's new text, as a test of what the user reads. */
  readonly changed?: Readonly<Record<string, (before: string) => string>>;
  /** Refused: stderr, exactly. */
  readonly refused?: string;
}

const PROMOTED: Case['changed'] = {
  'agents/decisions/workflow.md': (t) => t.replace(SHORT, '') ,
  'agents/memory-index.md': (t) => t.replace('/when naming branches\n', ''),
  [FRAGMENT]: (t) => `${t}\n**When Naming Branches.** Use feat/ prefixes.\n`,
};

const CASES: readonly Case[] = [
  { name: 'the entry as the index writes it, into the one fragment CLAUDE.md @-loads', args: ['/when naming branches'], changed: PROMOTED },
  { name: 'the bare trigger, unquoted, --to the fragment', args: ['naming', 'branches', '--to', FRAGMENT], changed: PROMOTED },
  { name: 'a new fragment file CLAUDE.md @-loads is created', prepare: () => rmSync(join(dir, FRAGMENT)), args: ['/when naming branches'], changed: { ...PROMOTED, [FRAGMENT]: () => '**When Naming Branches.** Use feat/ prefixes.\n' } },
  { name: 'a fragment named by the config globs', prepare: () => write('memdex.config.json', '{"fragments": ["agents/fragments/*.md"]}'), args: ['/when naming branches', '--to', 'agents/fragments/other.md'], changed: { ...PROMOTED, [FRAGMENT]: (t) => t, 'agents/fragments/other.md': () => '**When Naming Branches.** Use feat/ prefixes.\n' } },
  { name: 'an entry that does not exist', args: ['/when naming tags'], refused: 'no entry "/when naming tags" in agents/memory-index.md; expected an entry as the index writes it, e.g. "/when naming test files"\nmemdex: promote refused (1 problem); nothing was written\n' },
  { name: 'a file CLAUDE.md does not @-load', args: ['/when naming branches', '--to', 'notes.md'], refused: "notes.md is not a fragment: CLAUDE.md does not @-load it, so what moves there would leave the agent's context; expected one of: agents/fragments/conventions.md\nmemdex: promote refused (1 problem); nothing was written\n" },
  { name: 'a memory file as the fragment', args: ['/when naming branches', '--to', 'agents/decisions/cli.md'], refused: 'agents/decisions/cli.md is a memory file (the index or a decision file); expected a fragment\nmemdex: promote refused (1 problem); nothing was written\n' },
  { name: 'two fragments and no --to', prepare: () => write('CLAUDE.md', '@agents/fragments/conventions.md\n@agents/fragments/other.md\n'), args: ['/when naming branches'], refused: 'CLAUDE.md @-loads 2 fragments; expected --to one of: agents/fragments/conventions.md, agents/fragments/other.md\nmemdex: promote refused (1 problem); nothing was written\n' },
  { name: 'no CLAUDE.md', prepare: () => rmSync(join(dir, 'CLAUDE.md')), args: ['/when naming branches'], refused: 'no fragment to promote into: CLAUDE.md @-loads no file, and memdex.config.json sets no `fragments`; expected --to <file> once CLAUDE.md @-loads it (a line `@agents/fragments/rules.md`)\nmemdex: promote refused (1 problem); nothing was written\n' },
  { name: 'a section with sub-headings', prepare: () => write('agents/decisions/testing.md', read('agents/decisions/testing.md').replace('## When Writing Mock Tests\n', '## When Writing Mock Tests\n\n### When Faking Time\n\nx\n').replace(/(## When Writing Mock Tests\n\n### When Faking Time\n\nx\n)/, '$1')), args: ['/when writing mock tests'], refused: '"When Writing Mock Tests" (agents/decisions/testing.md:5) has sub-headings, memories of their own; expected a section without sub-headings\nmemdex: promote refused (1 problem); nothing was written\n' },
];

describe('memdex promote: cases', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    c.prepare?.();
    const before = tree();
    const r = runCli(['promote', ...c.args], { cwd: dir });
    const after = tree();
    const changedPaths = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
    if (c.refused !== undefined) {
      expect({ status: r.status, stderr: r.stderr, stdout: r.stdout, changedPaths }).toEqual({ status: 1, stderr: c.refused, stdout: '', changedPaths: [] });
      return;
    }
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const want = Object.fromEntries(Object.entries(c.changed!).map(([path, change]) => [path, change(before.get(path) ?? '')]).filter(([path, text]) => before.get(path as string) !== text));
    expect(Object.fromEntries(changedPaths.map((p) => [p, after.get(p)]))).toEqual(want);
    expect(runCli(['check'], { cwd: dir }).stdout).toBe('✔ memory tree clean\n');
  });

  test('--dry-run prints the diff of the three files and writes nothing', () => {
    const before = tree();
    const r = runCli(['promote', '/when naming branches', '--dry-run'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`--- a/${FRAGMENT}\n+++ b/${FRAGMENT}\n`);
    expect(r.stdout).toContain('+**When Naming Branches.** Use feat/ prefixes.\n');
    expect(r.stdout).toContain('-/when naming branches\n');
    expect(r.stdout.endsWith('dry run: 3 files would change; nothing was written\n')).toBe(true);
    expect(tree()).toEqual(before);
  });

  test('check names the candidate and the command; after promote, check is clean', () => {
    expect(runCli(['check'], { cwd: dir }).stdout).toContain('`memdex promote "/when naming branches"`');
  });
});

describe('memdex promote: killed after every file operation', () => {
  test('the next memdex command sees the old three files or the new three, and no temp file', () => {
    const old = tree();
    const outcomes: string[] = [];
    const trees: Map<string, string>[] = [];
    let promoted: Map<string, string> | undefined;
    for (let k = 0; k < 40; k++) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      for (const [path, text] of old) write(path, text);
      const run = runCli(['promote', '/when naming branches'], { cwd: dir, env: { MEMDEX_TEST_CRASH_AFTER: String(k) } });
      if (run.status === 0) {
        promoted = tree();
        outcomes.push('done');
        break;
      }
      expect(run.status).toBeNull(); // SIGKILLed
      expect(runCli(['check'], { cwd: dir }).status).not.toBe(2); // the next command recovers first
      const now = tree();
      trees.push(now);
      outcomes.push([...now.keys()].some((p) => p.includes('.memdex')) ? 'leftover' : sameTree(now, old) ? 'old' : 'new?');
    }
    // Every tree that is not the old one is exactly the tree of the run that completed.
    trees.forEach((t, k) => {
      if (outcomes[k] === 'new?') expect({ k, same: sameTree(t, promoted!) }).toEqual({ k, same: true });
    });
    expect(outcomes.at(-1)).toBe('done');
    expect(outcomes).not.toContain('leftover');
    const firstNew = outcomes.indexOf('new?');
    // Old up to the commit point, new from it on: never a mix of old and new files.
    for (const [i, o] of outcomes.entries()) if (o === 'new?') expect({ i, beforeCommit: i < firstNew }).toEqual({ i, beforeCommit: false });
    expect(promoted!.get(FRAGMENT)).toContain('**When Naming Branches.**');
    expect(promoted!.get('agents/memory-index.md')).not.toContain('/when naming branches');
    expect(promoted!.get('agents/decisions/workflow.md')).not.toContain('Naming Branches');
    expect(outcomes.filter((o) => o === 'old').length).toBeGreaterThan(3);
    expect(outcomes.filter((o) => o === 'new?').length).toBeGreaterThan(3);
  });
});

function sameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([path, text]) => b.get(path) === text);
}
