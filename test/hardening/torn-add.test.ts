/**
 * Issue 27 item 6: a killed `add` (between its two renames: the heading written, its
 * entry not) left a torn tree for most commands; only check, when, migrate and add
 * recovered the journal first. Now every command finishes the add before it reads.
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-torn-add-');
const INDEX = ['agents', 'memory-index.md'];
const DECISIONS = ['agents', 'decisions', 'testing.md'];

/** A tree whose `add` was SIGKILLed after its commit point and its first rename: the decision file new, the index old. */
function tornTree(): string {
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
    env: { MEMDEX_TEST_CRASH_AFTER: '5' },
  });
  expect(killed.status).toBeNull();
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
