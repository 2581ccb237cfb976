/** End to end: the built CLI on copies of the real corpora (npm test builds first). */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { AFTER, BEFORE, copyTree, MAPPING_TSV, readTree, describeCorpora } from '../helpers/corpora.js';
import { runCli, runCliAsync } from '../helpers/run-cli.js';
import { afterPreamble } from './helpers.js';

const INDEX = 'agents/memory-index.md';
/** Kill points of the crash test run at once. */
const CRASH_BATCH = 3;

function gitRepo(source: string): string {
  const dir = copyTree(source, 'memdex-migrate-');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('config', 'user.name', 'memdex test');
  git('config', 'user.email', 'test@memdex.invalid');
  git('add', '-A');
  git('commit', '-qm', 'tree');
  return dir;
}

function preambleFile(): string {
  const path = join(copyTree(AFTER, 'memdex-preamble-'), 'preamble.md');
  writeFileSync(path, afterPreamble(readFileSync(join(AFTER, INDEX), 'utf8')));
  return path;
}

describeCorpora('memdex migrate apply on before-migration', () => {
  test('reproduces after-migration byte for byte; a second apply has nothing to do', () => {
    const dir = gitRepo(BEFORE);
    const first = runCli(['migrate', 'apply', MAPPING_TSV, '--preamble', preambleFile(), '--root', dir]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('converted 152 index entries\nrenamed 152 headings in 13 files\n');
    expect(readTree(dir)).toEqual(readTree(AFTER));
    const second = runCli(['migrate', 'apply', MAPPING_TSV, '--preamble', preambleFile(), '--root', dir]);
    expect([second.status, second.stdout]).toEqual([0, 'nothing to do: 152 rows are already applied\n']);
    expect(readTree(dir)).toEqual(readTree(AFTER));
  });

  test('--dry-run prints a unified diff and writes nothing', () => {
    const dir = gitRepo(BEFORE);
    const result = runCli(['migrate', 'apply', MAPPING_TSV, '--dry-run', '--root', dir]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--- a/agents/decisions/cli.md\n+++ b/agents/decisions/cli.md\n');
    expect(result.stdout).toContain('-### Path.cwd() vs os.getcwd()\n+### When Getting Current Working Directory\n');
    expect(result.stdout).toMatch(/dry run: 14 files would change; nothing was written\n$/);
    expect(readTree(dir)).toEqual(readTree(BEFORE));
  });
});

describeCorpora('trigger renames on after-migration', () => {
  test('plan, edit three triggers, apply: headings, entries and a link in another file change; the tree stays valid', () => {
    const dir = gitRepo(AFTER);
    writeFileSync(join(dir, 'NOTES.md'), 'See [cwd](agents/decisions/cli.md#when-getting-current-working-directory).\n');
    execFileSync('git', ['add', '-A'], { cwd: dir });
    execFileSync('git', ['commit', '-qm', 'notes'], { cwd: dir });
    const planned = runCli(['migrate', 'plan', '--all', '--out', 'plan.tsv', '--root', dir]);
    expect(planned.stdout).toBe('wrote 152 rows to plan.tsv; review it, then run `memdex migrate apply plan.tsv`\n');
    const renames = new Map([
      ['/when getting current working directory', 'resolving the working directory'],
      ['/how output errors to stderr', 'report errors on stderr'],
      ['/how configure script entry points', 'declare console scripts'],
    ]);
    const lines = readFileSync(join(dir, 'plan.tsv'), 'utf8').split('\n');
    const header = lines[0]!.split('\t');
    const column = (name: string) => header.indexOf(name);
    // --all lists every entry unchanged (never a lossy shorter trigger); the user keeps three rows and edits them.
    expect(lines.slice(1).filter(Boolean).every((line) => line.split('\t')[column('new_index_entry')] === line.split('\t')[column('old_index_entry')])).toBe(true);
    const kept = lines.filter((line, i) => i === 0 || renames.has(line.split('\t')[column('old_index_entry')]!));
    expect(kept).toHaveLength(4);
    const edited = kept.map((line, i) => {
      const cells = line.split('\t');
      const trigger = renames.get(cells[column('old_index_entry')]!);
      if (i === 0 || trigger === undefined) return line;
      cells[column('trigger')] = trigger;
      cells[column('keep_old_trigger')] = 'yes';
      cells[column('new_heading')] = '';
      cells[column('new_index_entry')] = '';
      return cells.join('\t');
    });
    writeFileSync(join(dir, 'plan.tsv'), edited.join('\n'));
    const result = runCli(['migrate', 'apply', join(dir, 'plan.tsv'), '--root', dir]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'converted 3 index entries\nrenamed 3 headings in 1 file\n  agents/decisions/cli.md: 3\nrewrote 1 link\n',
    );
    const tree = readTree(dir);
    expect(tree.get(INDEX)).toContain(
      '/when resolving the working directory | getting current working directory\n/how report errors on stderr | output errors to stderr\n/how declare console scripts | configure script entry points\n',
    );
    const cli = tree.get('agents/decisions/cli.md')!;
    expect(cli).toContain('### When Resolving The Working Directory\n');
    expect(cli).toContain('### How to Report Errors On Stderr\n');
    expect(cli).not.toContain('### When Getting Current Working Directory');
    expect(tree.get('NOTES.md')).toBe('See [cwd](agents/decisions/cli.md#when-resolving-the-working-directory).\n');
    const again = runCli(['migrate', 'apply', join(dir, 'plan.tsv'), '--root', dir]);
    expect([again.status, again.stdout]).toEqual([0, 'nothing to do: 3 rows are already applied\n']);
  });
});

describeCorpora('links: only in files git can give back, never in code', () => {
  test('a git-ignored file and links inside code spans or code blocks are left as they are', () => {
    const dir = gitRepo(AFTER);
    const link = '[cwd](agents/decisions/cli.md#when-getting-current-working-directory)';
    const notes = `Tracked: ${link}.\nIn a code span: \`${link}\`.\n\n    ${link}\n`;
    writeFileSync(join(dir, '.gitignore'), 'scratch.md\n');
    writeFileSync(join(dir, 'NOTES.md'), notes);
    execFileSync('git', ['add', '-A'], { cwd: dir });
    execFileSync('git', ['commit', '-qm', 'notes'], { cwd: dir });
    writeFileSync(join(dir, 'scratch.md'), `Ignored: ${link}\n`);
    writeFileSync(
      join(dir, 'plan.tsv'),
      'old_index_entry\tdecision_file:line\told_heading\toperator\ttrigger\tkeep_old_trigger\n' +
        '/when getting current working directory\tagents/decisions/cli.md:7\t### When Getting Current Working Directory\twhen\tresolving the working directory\tyes\n',
    );
    const result = runCli(['migrate', 'apply', join(dir, 'plan.tsv'), '--root', dir]);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain('rewrote 1 link\n');
    const renamed = link.replace('#when-getting-current-working-directory', '#when-resolving-the-working-directory');
    expect(readFileSync(join(dir, 'NOTES.md'), 'utf8')).toBe(`Tracked: ${renamed}.\nIn a code span: \`${link}\`.\n\n    ${link}\n`);
    expect(readFileSync(join(dir, 'scratch.md'), 'utf8')).toBe(`Ignored: ${link}\n`);
  });
});

const HEADER = 'old_index_entry\tdecision_file:line\told_heading\tnew_heading\tnew_index_entry';
const ROW_CWD = '/when getting current working directory\tagents/decisions/cli.md:7\t### When Getting Current Working Directory';

describeCorpora('refusals: exit 1, a clear message, the tree untouched', () => {
  const cases: Array<[string, string, (dir: string) => void, RegExp]> = [
    ['dirty tree', `${ROW_CWD}\tWhen Finding The Cwd\t/when finding the cwd`, (dir) => writeFileSync(join(dir, 'agents/decisions/cli.md'), 'edited\n', { flag: 'a' }), /uncommitted changes in agents\/decisions\/cli\.md; commit or stash them first/],
    ['stale row', `/when getting the cwd\tagents/decisions/cli.md:7\t### When Getting The Cwd\tWhen X\t/when x`, () => {}, /stale row: agents\/decisions\/cli\.md:7 should be the heading "When Getting The Cwd", found "When Getting Current Working Directory"/],
    ['duplicate target heading', `${ROW_CWD}\tHow to Output Errors To Stderr\t/how output errors to stderr`, () => {}, /the new heading "How to Output Errors To Stderr" already exists at agents\/decisions\/cli\.md:15/],
    ['validator failure', `${ROW_CWD}\tWhen Finding The Cwd\t/when locating the cwd`, () => {}, /the entry "\/when locating the cwd" names no heading in agents\/decisions\/cli\.md[^]*memdex: migration refused: the validator finds/],
  ];
  test.each(cases)('%s', (_name, row, prepare, message) => {
    const dir = gitRepo(AFTER);
    prepare(dir);
    const before = readTree(dir);
    writeFileSync(join(dir, '..', `${dir.split('/').pop()}.tsv`), `${HEADER}\n${row}\n`);
    const result = runCli(['migrate', 'apply', join(dir, '..', `${dir.split('/').pop()}.tsv`), '--root', dir]);
    expect(result.stderr).toMatch(message);
    expect(result.status).toBe(1);
    expect(readTree(dir)).toEqual(before);
  });
});

describeCorpora('crash safety', () => {
  test('killed after every file operation, recovery leaves the old tree or the new tree, and no temp file', async () => {
    const oldTree = readTree(BEFORE);
    const newTree = readTree(AFTER);
    const preamble = preambleFile();
    /** Apply killed after operation k, then recover, on a copy of its own: the outcome, and whether the apply ran to its end. */
    const killedAt = async (k: number) => {
      const dir = copyTree(BEFORE, 'memdex-crash-');
      const run = await runCliAsync(['migrate', 'apply', MAPPING_TSV, '--preamble', preamble, '--force', '--root', dir], {
        env: { MEMDEX_TEST_CRASH_AFTER: String(k) },
      });
      const recovered = await runCliAsync(['migrate', 'recover', '--root', dir]);
      const tree = readTree(dir);
      const outcome = sameTree(tree, oldTree) ? 'old' : sameTree(tree, newTree) ? 'new' : 'mixed';
      const leftovers = [...tree.keys()].filter((p) => p.endsWith('.tmp') || p.startsWith('.memdex'));
      return { k, run: run.status, recovered: recovered.status, outcome, leftovers };
    };
    // The kill points are independent (each its own copy): a few at once, until one is past the last operation.
    const outcomes: string[] = [];
    for (let first = 0, done = false; !done; first += CRASH_BATCH) {
      for (const result of await Promise.all(Array.from({ length: CRASH_BATCH }, (_, i) => killedAt(first + i)))) {
        if (done) break;
        expect({ k: result.k, recovered: result.recovered, leftovers: result.leftovers }).toEqual({ k: result.k, recovered: 0, leftovers: [] });
        expect({ k: result.k, outcome: result.outcome }).not.toEqual({ k: result.k, outcome: 'mixed' });
        outcomes.push(result.outcome);
        if (result.run === 0) done = true; // k is past the last operation: the run completed
        else expect({ k: result.k, run: result.run }).toEqual({ k: result.k, run: null }); // SIGKILLed
      }
    }
    // k = 0 (before any operation), 1 prepared journal, 2–15 temps, 16 committed journal (the commit point),
    // 17–30 renames, 31 journal removal; k = 32 runs to the end.
    expect(outcomes).toHaveLength(33);
    expect(outcomes.indexOf('new')).toBe(16);
    expect(outcomes.slice(0, 16).every((o) => o === 'old')).toBe(true);
    expect(outcomes.slice(16).every((o) => o === 'new')).toBe(true);
  }, 600_000);
});

function sameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([path, text]) => b.get(path) === text);
}
