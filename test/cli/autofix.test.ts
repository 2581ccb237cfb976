import { describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER, copyTree, describeCorpora } from '../helpers/corpora.js';
import { prng, shuffle } from '../helpers/prng.js';
import { runCli } from '../helpers/run-cli.js';

const INDEX = 'agents/memory-index.md';

/** Permutes all entry lines across the slots entries occupy: entries change sections and order. */
function shuffleEntries(text: string, seed: number): string {
  const lines = text.split('\n');
  const firstSection = lines.findIndex((line) => line.startsWith('## '));
  const slots = lines.flatMap((line, i) => (i > firstSection && /^\/(when|how) /.test(line) ? [i] : []));
  const permuted = shuffle(prng(seed), slots.map((i) => lines[i]!));
  slots.forEach((slot, k) => (lines[slot] = permuted[k]!));
  return lines.join('\n');
}

describeCorpora('memdex check --fix', () => {
  test('restores a shuffled after-migration index byte for byte; a second run changes nothing', () => {
    const dir = copyTree(AFTER);
    const original = readFileSync(join(dir, INDEX), 'utf8');
    const shuffled = shuffleEntries(original, 42);
    expect(shuffled).not.toBe(original);
    writeFileSync(join(dir, INDEX), shuffled);

    const broken = runCli(['check'], { cwd: dir });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/index\/entry-in-file-section/);

    const fixed = runCli(['check', '--fix'], { cwd: dir });
    expect(fixed.status).toBe(0);
    expect(readFileSync(join(dir, INDEX), 'utf8')).toBe(original);

    const again = runCli(['check', '--fix'], { cwd: dir });
    expect(again.status).toBe(0);
    expect(again.stderr).not.toMatch(/fixed:/);
    expect(readFileSync(join(dir, INDEX), 'utf8')).toBe(original);
  });

  test('re-creates a missing section in path order, byte for byte', () => {
    const dir = copyTree(AFTER);
    const original = readFileSync(join(dir, INDEX), 'utf8');
    const start = original.indexOf('## agents/decisions/cli.md');
    const end = original.indexOf('## agents/decisions/data-processing.md');
    const moved = original.slice(start, end).split('\n').filter((l) => l.startsWith('/'));
    const broken = (original.slice(0, start) + original.slice(end)).replace(
      '## agents/decisions/workflow-core.md\n\n',
      `## agents/decisions/workflow-core.md\n\n${moved.join('\n')}\n`,
    );
    writeFileSync(join(dir, INDEX), broken);
    expect(runCli(['check', '--fix'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, INDEX), 'utf8')).toBe(original);
  });

  test.each([1, 2, 3])('restores the index shuffled with seed %i', (seed) => {
    const dir = copyTree(AFTER);
    const original = readFileSync(join(dir, INDEX), 'utf8');
    writeFileSync(join(dir, INDEX), shuffleEntries(original, seed));
    expect(runCli(['check', '--fix'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, INDEX), 'utf8')).toBe(original);
  });

  test('keeps a prose line and a bullet inside a section, and prints a removed structural entry', () => {
    // `/when test organization` names the structural heading `## .Test Organization` of testing.md.
    const dir = copyTree(AFTER);
    const original = readFileSync(join(dir, INDEX), 'utf8');
    const withProse = original.replace(
      '## agents/decisions/cli.md\n\n',
      '## agents/decisions/cli.md\n\nSee also the CLI guide.\n- a bullet the model does not understand\n',
    );
    const shuffled = shuffleEntries(withProse, 7) + '/when test organization\n';
    writeFileSync(join(dir, INDEX), shuffled);
    const fixed = runCli(['check', '--fix'], { cwd: dir });
    const after = readFileSync(join(dir, INDEX), 'utf8');
    expect(after).toContain('See also the CLI guide.\n- a bullet the model does not understand\n');
    // Every entry is still there, once.
    const entries = (t: string) => t.split('\n').slice(16).filter((l) => /^\/(when|how) /.test(l)).sort();
    expect(entries(after)).toEqual(entries(original));
    expect(fixed.status).toBe(0);
    expect(fixed.stderr).toMatch(/fixed: Remove entry `\/when test organization`/);
    expect(runCli(['check', '--fix'], { cwd: dir }).stderr).not.toMatch(/fixed:/);
  });
});
