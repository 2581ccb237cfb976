/**
 * Issue 27 item 6: a killed `add` (between its two renames: the heading written, its
 * entry not) left a torn tree for most commands; only check, when, migrate and add
 * recovered the journal first. Now every command finishes the add before it reads.
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionFileName } from '../../src/relevance/session-name.js';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-torn-add-');
const INDEX = ['agents', 'memory-index.md'];
const DECISIONS = ['agents', 'decisions', 'testing.md'];

/** A tree whose `add` SIGKILLed itself after its `step`-th file operation (the journal left behind). */
function killedAfter(step: number): string {
  const root = temp();
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  mkdirSync(join(root, '.claude'));
  writeFileSync(join(root, ...INDEX), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, ...DECISIONS), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n');
  writeFileSync(join(root, 'note.md'), 'Prefer fakes over mocks.\n\nThey fail where the contract breaks.\n\nExample: an in-memory repository.\n');
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', 'agents']);
  // Operations: 0 start, 1 prepared journal, 2-3 temps, 4 committed journal, 5 first rename, 6 second, 7 journal removed.
  const killed = runCli(['add', 'when', 'choosing test doubles', '--file', 'testing.md', '--body', join(root, 'note.md'), '--root', root], {
    env: { MEMDEX_TEST_CRASH_AFTER: String(step) },
  });
  expect([killed.status, killed.stderr]).toEqual([null, '']);
  expect(existsSync(join(root, '.memdex', 'migration-journal.json'))).toBe(true);
  return root;
}

/** A tree whose `add` was SIGKILLed after its commit point and its first rename: the decision file new, the index old. */
function tornTree(): string {
  const root = killedAfter(5);
  const torn = [readFileSync(join(root, ...DECISIONS), 'utf8').includes('Choosing Test Doubles'), readFileSync(join(root, ...INDEX), 'utf8').includes('choosing test doubles')];
  expect(torn).toEqual([true, false]); // the heading without its entry
  return root;
}

function expectWhole(root: string): void {
  expect(readFileSync(join(root, ...INDEX), 'utf8')).toContain('/when choosing test doubles');
  expect(readFileSync(join(root, ...DECISIONS), 'utf8')).toContain('Choosing Test Doubles');
  expect(existsSync(join(root, '.memdex', 'migration-journal.json'))).toBe(false);
}

describe('every command finishes an interrupted add before it reads', () => {
  test.each([
    [['check', '--staged']],
    [['suggest', 'choosing test doubles']],
    [['compress-key', '--all']],
    [['doctor']],
    [['playbook', 'show']],
    [['relevance', 'tags']],
  ])('memdex %j', (args) => {
    const root = tornTree();
    const result = runCli([...args, '--root', root]);
    expect(result.stderr).not.toMatch(/internal error|heading without|no entry/i);
    expectWhole(root);
  });

  test('a hook', () => {
    const root = tornTree();
    const result = runCli(['hook', 'session-start'], {
      input: JSON.stringify({ hook_event_name: 'SessionStart', cwd: root, session_id: 's-1', source: 'startup' }),
      env: { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '' },
    });
    expect(result.status).toBe(0);
    expectWhole(root);
  });
});

/**
 * Issue 27 item 6, the rest: `add` killed after each of its file operations (1 the
 * prepared journal … 6 the second rename), then every command, the hooks included: each
 * sees the add whole or not at all, and leaves no journal. The later-prompt fast path
 * (dist/hook-fast.cjs) answered from a session's marker without looking for the
 * journal: it now hands a pending one to the full hook, which recovers it.
 */
describe('a SIGKILL at every step of add, then each command', () => {
  const SESSION = '0b7d3c1e-5f2a-4c8e-9d1b-2a3c4d5e6f70';
  const hook = (event: string, hookEventName: string, extra: object = {}) => ({
    args: ['hook', event],
    input: JSON.stringify({ hook_event_name: hookEventName, session_id: SESSION, prompt: 'choosing test doubles', ...extra }),
  });
  const commands: readonly (readonly [string, { args: readonly string[]; input?: string; marker?: boolean }])[] = [
    ['check', { args: ['check'] }],
    ['check --staged', { args: ['check', '--staged'] }],
    ['when', { args: ['when', 'writing', 'tests'] }],
    ['suggest', { args: ['suggest', 'choosing test doubles'] }],
    ['compress-key', { args: ['compress-key', '--all'] }],
    ['doctor', { args: ['doctor'] }],
    ['playbook show', { args: ['playbook', 'show'] }],
    ['relevance tags', { args: ['relevance', 'tags'] }],
    ['hook session-start', hook('session-start', 'SessionStart', { source: 'startup' })],
    ['hook user-prompt-submit (first prompt)', hook('user-prompt-submit', 'UserPromptSubmit')],
    ['hook user-prompt-submit (a later prompt: the fast path)', { ...hook('user-prompt-submit', 'UserPromptSubmit'), marker: true }],
    ['hook session-end', hook('session-end', 'SessionEnd', { reason: 'other' })],
  ];

  test.each([1, 2, 3, 4, 5, 6])('killed after operation %i', (step) => {
    const torn = killedAfter(step);
    const seen: string[] = [];
    for (const [name, { args, input, marker }] of commands) {
      const root = `${temp()}/tree`;
      cpSync(torn, root, { recursive: true });
      if (marker) {
        mkdirSync(join(root, '.claude', 'memdex', 'sessions'), { recursive: true });
        writeFileSync(join(root, '.claude', 'memdex', 'sessions', sessionFileName(SESSION)), '');
      }
      const env = { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', MEMDEX_NO_CACHE: '1' };
      const result = runCli(input === undefined ? [...args, '--root', root] : args, { cwd: root, env, input: input === undefined ? undefined : input.replace('}', `,"cwd":${JSON.stringify(root)}}`) });
      expect(result.stderr).not.toMatch(/internal error/i);
      const heading = readFileSync(join(root, ...DECISIONS), 'utf8').includes('Choosing Test Doubles');
      const entry = readFileSync(join(root, ...INDEX), 'utf8').includes('/when choosing test doubles');
      const journal = existsSync(join(root, '.memdex', 'migration-journal.json'));
      seen.push(`${name}: ${heading === entry && !journal ? (heading ? 'whole (rolled forward)' : 'whole (rolled back)') : `torn (heading ${heading}, entry ${entry}, journal ${journal})`}`);
    }
    const expected = step >= 4 ? 'whole (rolled forward)' : 'whole (rolled back)';
    expect(seen).toEqual(commands.map(([name]) => `${name}: ${expected}`));
  }, 240_000);
});
