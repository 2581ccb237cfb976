/**
 * Issue 27 item 8: a shell still in a folder that was deleted (`git worktree remove`):
 * every command reported "internal error … uv_cwd" and the hooks exited 1–2 with a
 * stack trace. Now a hook fails open, an absolute --root works, a command that reads
 * no tree works, and any other says what is wrong, exit 2.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-deleted-cwd-');

function tree(): string {
  const root = temp();
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes. A fake keeps the test about behaviour: it records what the code did, and the test asserts on that record rather than on the calls a mock was told to expect.\n');
  return root;
}

/** memdex run by a shell whose current folder was removed under it. */
function fromDeletedFolder(args: readonly string[], input = '', env: Record<string, string> = {}) {
  const gone = join(temp(), 'worktree');
  mkdirSync(gone);
  const result = spawnSync('sh', ['-c', 'cd "$1" && rmdir "$1" && shift && exec "$@"', 'sh', gone, process.execPath, CLI, ...args], {
    encoding: 'utf8',
    input,
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1', MEMDEX_DEBUG: '', CLAUDE_PROJECT_DIR: '', MEMDEX_LEARN: '0', MEMDEX_EXTRACTOR: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a deleted current folder', () => {
  test.each([['user-prompt-submit'], ['session-start'], ['session-end'], ['pre-compact']])('hook %s fails open: {} and exit 0, no stack trace', (event) => {
    const result = fromDeletedFolder(['hook', event], JSON.stringify({ hook_event_name: event, session_id: 's-1', prompt: 'writing tests' }));
    expect(result).toEqual({ status: 0, stdout: '{}\n', stderr: '' });
  });

  test('a command with an absolute --root runs from it', () => {
    const root = tree();
    const result = fromDeletedFolder(['when', 'writing tests', '--root', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Use fakes.');
    expect(fromDeletedFolder(['check', `--root=${root}`]).stdout).toContain('memory tree clean');
  });

  test('CLAUDE_PROJECT_DIR names the tree as --root does', () => {
    const root = tree();
    expect(fromDeletedFolder(['when', 'writing tests'], '', { CLAUDE_PROJECT_DIR: root }).stdout).toContain('Use fakes.');
  });

  test('--version and rules need no tree and work', () => {
    expect(fromDeletedFolder(['--version'])).toMatchObject({ status: 0, stderr: '' });
    expect(fromDeletedFolder(['rules']).stdout).toContain('index/entry-format');
  });

  test('a command that needs the tree says the folder is gone and how to go on, exit 2', () => {
    const result = fromDeletedFolder(['check']);
    expect(result).toEqual({
      status: 2,
      stdout: '',
      stderr: 'memdex: the current folder no longer exists (deleted while the shell was in it); cd to a folder that exists, or pass --root <absolute path>\n',
    });
  });
});
