/**
 * Issue 27 item 16: a hook whose session is not in a memory tree wrote one: session-end
 * with a payload cwd that did not exist created it and .claude/relevance.json inside;
 * a payload cwd of `/` wrote /.claude/. Without a memory tree a hook does nothing.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-no-tree-');
const hook = (event: string, hookEventName: string, cwd: string, processCwd: string) =>
  runCli(['hook', event], {
    cwd: processCwd,
    input: JSON.stringify({ hook_event_name: hookEventName, cwd, session_id: 's-1', transcript_path: join(cwd, 't.jsonl'), prompt: 'writing tests' }),
    env: { MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '' },
  });

describe('hooks outside a memory tree write nothing', () => {
  test.each([
    ['session-end', 'SessionEnd'],
    ['session-start', 'SessionStart'],
    ['user-prompt-submit', 'UserPromptSubmit'],
    ['pre-compact', 'PreCompact'],
  ])('%s with a payload cwd that does not exist: {} and the folder is not created', (event, name) => {
    const base = temp();
    const missing = join(base, 'gone', 'project');
    const result = hook(event, name, missing, base);
    expect(result).toMatchObject({ status: 0, stdout: '{}\n' });
    expect(existsSync(join(base, 'gone'))).toBe(false);
    expect(readdirSync(base)).toEqual([]);
  });

  test('session-end in a folder with no memory tree: nothing written there', () => {
    const folder = temp();
    expect(hook('session-end', 'SessionEnd', folder, folder)).toMatchObject({ status: 0, stdout: '{}\n' });
    expect(readdirSync(folder)).toEqual([]);
  });

  (existsSync('/.claude') ? test.skip : test)('session-end with a payload cwd of / writes no /.claude/', () => {
    expect(hook('session-end', 'SessionEnd', '/', temp())).toMatchObject({ status: 0, stdout: '{}\n' });
    expect(existsSync('/.claude')).toBe(false);
  });
});
