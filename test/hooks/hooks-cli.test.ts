/** `memdex hook <event>` end to end: the built CLI, real hook JSON payloads, a fake extractor. */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { DEFAULT_TEMPLATE } from '../../src/playbook/default-template.js';
import { loadsRemark, loadsYargs, recordLoads } from '../helpers/loaded-modules.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { EXAMPLE } from '../helpers/temp-dirs.js';
import { FEEDBACK_LINE, PLAYBOOK, hook, log, project, readPlaybook, waitFor } from './helpers.js';

// Ranked for the repository's tags (no relevance scores yet: by track record) and marked with stable ids.
const INJECTED = DEFAULT_TEMPLATE.replace(
  '{key_points}',
  [
    '[MEMDEX_V1]',
    '- [MX#kpt_001] helpful=5 harmful=1 :: use type hints',
    '- [MX#kpt_002] helpful=0 harmful=2 :: prefer pathlib',
    FEEDBACK_LINE,
    '[/MEMDEX_V1]',
  ].join('\n'),
);

/**
 * Rates kpt_001 helpful and kpt_002 harmful, adds one key point naming the transcript's
 * first line, and records what it was given (argv, stdin, env) in extractor-input.json.
 */
const FAKE_EXTRACTOR = `
import { readFileSync, writeFileSync } from 'node:fs';
const transcript = process.argv[2];
const stdin = readFileSync(0, 'utf8');
writeFileSync(process.env.CLAUDE_PROJECT_DIR + '/extractor-input.json', JSON.stringify({ transcript, stdin, event: process.env.MEMDEX_HOOK_EVENT, session: process.env.MEMDEX_SESSION_ID, part: process.env.MEMDEX_TRANSCRIPT_PATH, whole: process.env.MEMDEX_SESSION_TRANSCRIPT_PATH }));
const firstLine = readFileSync(transcript, 'utf8').split('\\n')[0];
process.stdout.write(JSON.stringify({
  new_key_points: ['learned from ' + JSON.parse(firstLine).message.content],
  evaluations: [{ name: 'kpt_001', rating: 'helpful' }, { name: 'kpt_002', rating: 'harmful' }],
}));
`;

const extractor = (root: string) => `"${process.execPath}" "${join(root, 'extractor.mjs')}"`;
const withExtractor = (playbook: string | null = PLAYBOOK) => project(playbook, { 'extractor.mjs': FAKE_EXTRACTOR });

const injection = (hookEventName: string) => ({ hookSpecificOutput: { hookEventName, additionalContext: INJECTED } });

describe('memdex hook user-prompt-submit / session-start', () => {
  test('injects the playbook once per session, and again for another session', () => {
    const root = project();
    const first = hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'hello' });
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.json).toEqual(injection('UserPromptSubmit'));
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'again' }).json).toEqual({});
    expect(hook(root, 'session-start', { session_id: 's-2', source: 'startup' }).json).toEqual(injection('SessionStart'));
    expect(hook(root, 'user-prompt-submit', { session_id: 's-2', prompt: 'next' }).json).toEqual({});
    expect(log(root)).toBe('');
  });

  test('a session id that is not a safe file name still gets its own marker', () => {
    const root = project();
    expect(hook(root, 'user-prompt-submit', { session_id: '../../etc/passwd' }).json).toEqual(injection('UserPromptSubmit'));
    expect(hook(root, 'user-prompt-submit', { session_id: '../../etc/passwd' }).json).toEqual({});
    expect(hook(root, 'user-prompt-submit', { session_id: '../../etc/group' }).json).toEqual(injection('UserPromptSubmit'));
    expect(readdirSync(join(root, '.claude', 'memdex', 'sessions'))).toHaveLength(2);
  });

  test('concurrent hooks of one session inject exactly once', async () => {
    const root = project();
    const input = JSON.stringify({ session_id: 'same', cwd: root });
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'hook', 'user-prompt-submit'], { env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('close', () => resolve(out));
        child.stdin.end(input);
      })),
    );
    expect(outputs.map((o) => JSON.parse(o)).filter((o) => 'hookSpecificOutput' in o)).toHaveLength(1);
  });

  test('an empty or missing playbook injects nothing, and does not use up the session', () => {
    const root = project(null);
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual({});
    writeFileSync(join(root, '.claude', 'playbook.json'), PLAYBOOK);
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual(injection('UserPromptSubmit'));
  });

  test('MEMDEX_HOOKS=0 disables the hooks', () => {
    expect(hook(project(), 'user-prompt-submit', { session_id: 's-1' }, { MEMDEX_HOOKS: '0' }).json).toEqual({});
  });
});

describe('memdex hook session-end / pre-compact', () => {
  test('the background worker runs the extractor on the new transcript lines with the playbook, and applies its result', async () => {
    const root = withExtractor();
    const transcript = join(root, 'transcript.jsonl');
    const result = hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript, reason: 'logout' }, { MEMDEX_EXTRACTOR: extractor(root) });
    expect([result.status, result.json, result.stderr]).toEqual([0, {}, '']);
    await waitFor(() => readPlaybook(root).name_counter === 3, 'the playbook update');
    const given = JSON.parse(readFileSync(join(root, 'extractor-input.json'), 'utf8'));
    expect(given).toEqual({ transcript: expect.stringMatching(/transcript-part\.jsonl$/), stdin: expect.any(String), event: 'session-end', session: 's-1', part: given.transcript, whole: transcript });
    expect(JSON.parse(given.stdin).key_points.map((kp: { name: string }) => kp.name)).toEqual(['kpt_001', 'kpt_002']);
    const updated = readPlaybook(root);
    expect(updated.key_points).toEqual([
      { name: 'kpt_001', text: 'use type hints', helpful: 6, harmful: 1 },
      { name: 'kpt_003', text: 'learned from a session', helpful: 0, harmful: 0, source: { by: 'learner', session: 's-1', at: expect.any(String) } },
    ]);
    await waitFor(() => log(root).includes('extracted bytes') && !existsSync(given.transcript), 'the worker\'s log line and the temp part removed');
    const size = statSync(transcript).size;
    expect(log(root)).toMatch(new RegExp(`^\\S+ session-end \\(background\\) extracted bytes 0-${size} of ${transcript}: 2 evaluation\\(s\\), 1 new key point\\(s\\)\n$`));
  });

  test('the extractor can come from config playbook.extractor', async () => {
    const root = withExtractor();
    writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ playbook: { extractor: extractor(root) } }));
    hook(root, 'pre-compact', { session_id: 's-1', transcript_path: join(root, 'transcript.jsonl'), trigger: 'auto' });
    await waitFor(() => readPlaybook(root).key_points[0].helpful === 6, 'the playbook update');
  });

  test('pre-compact forgets the session, so the next prompt injects again', () => {
    const root = project();
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual(injection('UserPromptSubmit'));
    hook(root, 'pre-compact', { session_id: 's-1', transcript_path: join(root, 'transcript.jsonl') });
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual(injection('UserPromptSubmit'));
  });

  // The transcript path is appended to the command; a trailing `#` makes these shell one-liners ignore it.
  test.each([
    ['exits non-zero', 'echo broken >&2; exit 3', /session-end \(background\) extractor `.*` exited with 3: broken; playbook not updated/],
    ['prints no JSON', 'echo not json #', /session-end \(background\) extractor `.*` printed no valid ExtractionResult \(stdout:1:1: invalid JSON/],
    ['prints a wrong shape', 'echo \'{"evaluations": "kpt_001"}\' #', /printed no valid ExtractionResult \(stdout:1:17: `evaluations` must be an array/],
  ])('an extractor that %s fails open: {} and exit 0, one log line, playbook unchanged', async (_label, command, logged) => {
    const root = project();
    const result = hook(root, 'session-end', { session_id: 's-1', transcript_path: join(root, 'transcript.jsonl') }, { MEMDEX_EXTRACTOR: command });
    expect([result.status, result.json]).toEqual([0, {}]);
    await waitFor(() => log(root) !== '', 'the worker\'s log line');
    expect(log(root)).toMatch(logged);
    expect(log(root).trim().split('\n')).toHaveLength(1);
    expect(readFileSync(join(root, '.claude', 'playbook.json'), 'utf8')).toBe(PLAYBOOK);
  });
});

describe('failing open', () => {
  test.each([
    ['a payload that is not JSON', 'user-prompt-submit', '{"session_id": ', /user-prompt-submit invalid hook payload on stdin: .*expected the JSON object Claude Code sends/],
    ['a payload that is not an object', 'session-end', '[1, 2]', /session-end invalid hook payload on stdin: expected a JSON object/],
    ['an unknown event', 'post-tool-use', '{}', /post-tool-use unknown hook event "post-tool-use"/],
  ])('%s: {} and exit 0, one log line', (_label, event, payload, logged) => {
    const root = project();
    const result = hook(root, event, payload);
    expect([result.status, result.json]).toEqual([0, {}]);
    expect(log(root)).toMatch(logged);
  });

  test('a later prompt with a config that is a FIFO answers at once instead of waiting for a writer', () => {
    const root = project();
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'hello' }).json).toEqual(injection('UserPromptSubmit'));
    execFileSync('mkfifo', [join(root, 'memdex.config.json')]);
    const later = hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'again' }, {}, 20_000);
    expect([later.status, later.json]).toEqual([0, {}]);
    expect(log(root)).toMatch(/user-prompt-submit .*memdex\.config\.json.*FIFO/);
  });

  test('a corrupt playbook is not injected and never overwritten by session-end', async () => {
    const corrupt = '{"version": "1.0", "key_points": [{"name": "kpt_001", "text": "a", "helpful": NaN, "harmful": 0}]}';
    const root = withExtractor(corrupt);
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual({});
    const result = hook(root, 'session-end', { session_id: 's-1', transcript_path: join(root, 'transcript.jsonl') }, { MEMDEX_EXTRACTOR: extractor(root) });
    expect([result.status, result.json]).toEqual([0, {}]);
    await waitFor(() => log(root).includes('session-end (background)'), 'the worker\'s log line');
    expect(readFileSync(join(root, '.claude', 'playbook.json'), 'utf8')).toBe(corrupt);
    expect(log(root)).toMatch(/user-prompt-submit \.claude\/playbook\.json:1:79: invalid JSON: NaN is not valid JSON/);
    expect(log(root)).toMatch(/session-end \(background\) \.claude\/playbook\.json:1:79: invalid JSON/);
  });

  test('the prompt hook never loads the full CLI: a first prompt from dist/hook-prompt.cjs, later ones from dist/hook-fast.cjs alone, session-start from dist/hook.cjs; a wrong event still reaches the hook', () => {
    const root = project();
    const record = recordLoads(root);
    const env = { NODE_OPTIONS: record.nodeOptions };
    const loaded = () => record.files().map((file) => file.slice(file.lastIndexOf('/dist/') + 1));
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }, env).json).toEqual(injection('UserPromptSubmit'));
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook-prompt.cjs']);
    record.clear();
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }, env).json).toEqual({});
    expect(loaded()).toEqual(['dist/hook-fast.cjs']);
    record.clear();
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1', hook_event_name: 'SessionStart' }, env).json).toEqual({});
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook-prompt.cjs']);
    expect(log(root)).toMatch(/user-prompt-submit `memdex hook user-prompt-submit` ran for the SessionStart event/);
    record.clear();
    expect(hook(root, 'session-start', { session_id: 's-2', source: 'startup' }, { ...env, MEMDEX_LEARN: '0' }).json).toEqual(injection('SessionStart'));
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook.cjs']); // (no learning run: its worker would load files too)
  });

  test("a first prompt recovers an interrupted add's journal from its own bundle, then injects the playbook", () => {
    const root = project();
    const record = recordLoads(root);
    const loaded = () => record.files().map((file) => file.slice(file.lastIndexOf('/dist/') + 1));
    mkdirSync(join(root, '.memdex'));
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }, { NODE_OPTIONS: record.nodeOptions }).json).toEqual(injection('UserPromptSubmit'));
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook-prompt.cjs']);
    expect(existsSync(join(root, '.memdex'))).toBe(false); // the recovery ran: an empty state folder is removed
  });

  test('a first prompt loads the pointers (dist/hook-prompt-pointers.cjs) only with suggest.onPrompt on, and the rest of the host (hook-host.cjs) only when the index is not cached', () => {
    const root = project();
    cpSync(join(EXAMPLE, 'agents'), join(root, 'agents'), { recursive: true });
    const record = recordLoads(root);
    const loaded = () => record.files().map((file) => file.slice(file.lastIndexOf('/dist/') + 1));
    writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ suggest: { onPrompt: true } }));
    const prompt = { prompt: 'how should I write mock tests with test doubles?' };
    const first = hook(root, 'user-prompt-submit', { session_id: 's-1', ...prompt }, { NODE_OPTIONS: record.nodeOptions }).json.hookSpecificOutput.additionalContext;
    expect(first).toContain(INJECTED);
    expect(first).toContain('/when writing mock tests');
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook-prompt.cjs', 'dist/hook-prompt-pointers.cjs', 'dist/hook-host.cjs']);
    record.clear();
    // Another session, the tree unchanged: the index is cached.
    expect(hook(root, 'user-prompt-submit', { session_id: 's-2', ...prompt }, { NODE_OPTIONS: record.nodeOptions }).json.hookSpecificOutput.additionalContext).toBe(first);
    expect(loaded()).toEqual(['dist/hook-fast.cjs', 'dist/hook-prompt.cjs', 'dist/hook-prompt-pointers.cjs']);
  });

  test('user-prompt-submit loads neither yargs nor remark', () => {
    const root = project();
    const record = recordLoads(root);
    const result = runCli(['hook', 'user-prompt-submit'], { input: JSON.stringify({ session_id: 's-1' }), env: { CLAUDE_PROJECT_DIR: root, NODE_OPTIONS: record.nodeOptions } });
    expect(JSON.parse(result.stdout)).toEqual(injection('UserPromptSubmit'));
    expect(record.files().length).toBeGreaterThan(0); // the record is real
    expect(loadsYargs(record.files())).toBe(false);
    expect(loadsRemark(record.files())).toBe(false);
  });
});
