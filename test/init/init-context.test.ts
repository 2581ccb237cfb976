/**
 * What `memdex init` decides about the agent's view (issue 22 §4–§5): the prompt
 * hook's pointers on for a new setup, and `@agents/memory-index.md` in CLAUDE.md
 * exactly when the index fits index/size-budget, the choice recorded for the rule
 * index/in-context. Through the built CLI, on temp folders (no git, no CI).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function folder(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-init-context-'));
  temps.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const init = (dir: string) => runCli(['init', '--no-git', '--no-ci', '--root', dir], { env: { CLAUDE_PROJECT_DIR: '' } });
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const config = (dir: string) => JSON.parse(read(dir, 'memdex.config.json')) as Record<string, unknown>;

/** A memory tree whose index is about `tokens` tokens (4 characters a token), every entry paired. */
function tree(entries: number): Record<string, string> {
  const lines = Array.from({ length: entries }, (_, i) => `/when handling case number ${i} of the long list`);
  const headings = Array.from({ length: entries }, (_, i) => `## When Handling Case Number ${i} of the Long List\n\nLine one.\nLine two.\nLine three.\n`);
  return {
    'agents/memory-index.md': `# Memory Index\n\n## agents/decisions/cases.md\n\n${lines.join('\n')}\n`,
    'agents/decisions/cases.md': `# Cases\n\n${headings.join('\n')}`,
  };
}

describe('memdex init and what the agent sees', () => {
  test('an index within its budget: appended to an existing CLAUDE.md, said so, recorded; a second run changes nothing; check is clean', () => {
    const dir = folder({ ...tree(10), 'CLAUDE.md': '# Project\n\nBuild with make.' });
    const first = init(dir);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('updated CLAUDE.md: added @agents/memory-index.md\n');
    expect(first.stdout).toMatch(/CLAUDE\.md loads agents\/memory-index\.md into every session \(about \d+ tokens, within index\/size-budget's 5000\)/);
    expect(read(dir, 'CLAUDE.md')).toBe('# Project\n\nBuild with make.\n\n@agents/memory-index.md\n');
    expect(config(dir)).toMatchObject({ suggest: { onPrompt: true }, rules: { 'index/in-context': { options: { loaded: true } } } });
    expect(init(dir).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
    expect(runCli(['check', '--root', dir]).status).toBe(0);
  });

  test('an index over its budget: never loaded, said so with the figures, recorded as not loaded', () => {
    const dir = folder({ ...tree(500), 'CLAUDE.md': '# Project\n' });
    const out = init(dir);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/agents\/memory-index\.md is about \d+ tokens, over index\/size-budget's 5000: not loaded from CLAUDE\.md/);
    expect(read(dir, 'CLAUDE.md')).toBe('# Project\n');
    expect(config(dir)).toMatchObject({ rules: { 'index/in-context': { options: { loaded: false } } } });
    // Loading it by hand now disagrees with the recorded choice: check names the line.
    writeFileSync(join(dir, 'CLAUDE.md'), '# Project\n\n@agents/memory-index.md\n');
    const check = runCli(['check', '--root', dir, '--format', 'json']);
    expect(check.stdout).toContain('index/in-context');
    expect(check.stdout).toContain('CLAUDE.md');
  });

  test('an existing config keeps the prompt hook as the user set it (off by default); a CLAUDE.md that already loads the index is left alone', () => {
    const dir = folder({ ...tree(3), 'memdex.config.json': '{\n  "suggest": { "onPrompt": false }\n}\n', '.claude/CLAUDE.md': '@agents/memory-index.md\n' });
    const out = init(dir);
    expect(out.status).toBe(0);
    expect(out.stdout).not.toContain('CLAUDE.md loads');
    expect(config(dir)).toMatchObject({ suggest: { onPrompt: false }, rules: { 'index/in-context': { options: { loaded: true } } } });
    expect(read(dir, '.claude/CLAUDE.md')).toBe('@agents/memory-index.md\n');
  });

  test('--no-claude: neither CLAUDE.md nor the choice is touched', () => {
    const dir = folder(tree(3));
    expect(runCli(['init', '--no-git', '--no-ci', '--no-claude', '--root', dir], { env: { CLAUDE_PROJECT_DIR: '' } }).status).toBe(0);
    expect(config(dir).rules).toBeUndefined();
    expect(() => read(dir, 'CLAUDE.md')).toThrow();
  });
});
