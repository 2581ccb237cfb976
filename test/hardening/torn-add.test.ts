/**
 * Issue 27 item 6: a killed `add` (between its two renames: the heading written, its
 * entry not) left a torn tree for most commands; only check, when, migrate and add
 * recovered the journal first. Now every command finishes the add before it reads.
 * `add` is killed after each of its file operations once; each command runs on its
 * own copy of that tree, those of a step at once (they share nothing).
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionFileName } from '../../src/relevance/session-name.js';
import { runCli, runCliAsync } from '../helpers/run-cli.js';
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

/**
 * Issue 27 item 6, the rest: `add` killed after each of its file operations (1 the
 * prepared journal … 6 the second rename), then the commands, the hooks included: each
 * sees the add whole or not at all, and leaves no journal. The later-prompt fast path
 * (dist/hook-fast.cjs) answered from a session's marker without looking for the
 * journal: it now hands a pending one to the full hook, which recovers it.
 * Every command runs after a kill that rolls back (2: the temps written) and one that
 * rolls forward (5: between the two renames, the torn tree); after the other kills, the
 * commands with a fast path of their own (check's, when's, the later prompt's). Which
 * way a kill point recovers is journal.ts's recoverJournal, the one function every
 * command calls; migrate-cli.test.ts kills `migrate apply` after each of its operations.
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

  /** The commands that run after a kill at `step`: all of them at 2 and 5. */
  const FAST_PATHS = new Set(['check', 'when', 'hook user-prompt-submit (a later prompt: the fast path)']);
  const runAfter = (step: number) => (step === 2 || step === 5 ? commands : commands.filter(([name]) => FAST_PATHS.has(name)));

  test.each([1, 2, 3, 4, 5, 6])('killed after operation %i', async (step) => {
    const torn = killedAfter(step);
    if (step === 5) {
      // Between the two renames: the heading without its entry, the tree every command below finds torn.
      expect([readFileSync(join(torn, ...DECISIONS), 'utf8').includes('Choosing Test Doubles'), readFileSync(join(torn, ...INDEX), 'utf8').includes('/when choosing test doubles')]).toEqual([true, false]);
    }
    const chosen = runAfter(step);
    const seen = await Promise.all(
      chosen.map(async ([name, { args, input, marker }]) => {
        const root = `${temp()}/tree`;
        cpSync(torn, root, { recursive: true });
        if (marker) {
          mkdirSync(join(root, '.claude', 'memdex', 'sessions'), { recursive: true });
          writeFileSync(join(root, '.claude', 'memdex', 'sessions', sessionFileName(SESSION)), '');
        }
        const env = { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', MEMDEX_NO_CACHE: '1' };
        const result = await runCliAsync(input === undefined ? [...args, '--root', root] : args, { cwd: root, env, input: input === undefined ? undefined : input.replace('}', `,"cwd":${JSON.stringify(root)}}`) });
        const heading = readFileSync(join(root, ...DECISIONS), 'utf8').includes('Choosing Test Doubles');
        const entry = readFileSync(join(root, ...INDEX), 'utf8').includes('/when choosing test doubles');
        const journal = existsSync(join(root, '.memdex', 'migration-journal.json'));
        const state = heading === entry && !journal ? (heading ? 'whole (rolled forward)' : 'whole (rolled back)') : `torn (heading ${heading}, entry ${entry}, journal ${journal})`;
        // A hook never fails the client's action; no command meets a torn tree (a heading without its entry) or fails inside.
        const complaint = /internal error|heading without|no entry/i.exec(result.stderr)?.[0];
        return `${name}: ${state}${input !== undefined && result.status !== 0 ? `, exit ${result.status}` : ''}${complaint ? `, said "${complaint}"` : ''}`;
      }),
    );
    const expected = step >= 4 ? 'whole (rolled forward)' : 'whole (rolled back)';
    expect(seen).toEqual(chosen.map(([name]) => `${name}: ${expected}`));
  }, 240_000);
});
