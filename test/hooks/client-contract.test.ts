/**
 * The hooks under Claude Code as it behaves (issue 10 §2; measured with client 2.1.330,
 * /work/shared/reference/claude-code-behaviour.md): each defect the real-client harness
 * (`npm run test:claude`) found, reproduced offline through the built CLI.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { parseInjectionBlock } from '../../src/relevance/index.js';
import { REPO } from '../helpers/corpora.js';
import { PLAYBOOK, hasMarker, hook, log, project, readPlaybook, relevanceSession, waitFor } from './helpers.js';

const contextOf = (json: { hookSpecificOutput?: { additionalContext?: string } } | undefined) => json?.hookSpecificOutput?.additionalContext;
const line = (content: string) => `${JSON.stringify({ type: 'user', message: { role: 'user', content } })}\n`;

/**
 * An extractor that records, per run, the EVIDENCE-<name> markers in the file it is given, then
 * waits for `<root>/go` when `--wait` is passed (so a test decides when it finishes), then rates
 * kpt_001 helpful.
 */
const RECORDING_EXTRACTOR = `
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
const root = process.env.CLAUDE_PROJECT_DIR;
const seen = [...new Set(readFileSync(process.argv.at(-1), 'utf8').match(/EVIDENCE-[a-z]+/g) ?? [])].sort();
appendFileSync(root + '/runs.jsonl', JSON.stringify({ phase: 'start', event: process.env.MEMDEX_HOOK_EVENT, seen }) + '\\n');
if (process.argv.includes('--wait')) while (!existsSync(root + '/go')) await new Promise((r) => setTimeout(r, 20));
if (process.argv.includes('--fail')) { console.error('refused'); process.exit(4); }
process.stdout.write(JSON.stringify({ new_key_points: [], evaluations: [{ name: 'kpt_001', rating: 'helpful' }] }));
appendFileSync(root + '/runs.jsonl', JSON.stringify({ phase: 'done' }) + '\\n');
`;
const recording = (root: string, ...options: string[]) => [`"${process.execPath}" "${join(root, 'extractor.mjs')}"`, ...options].join(' ');
const runs = (root: string): { phase: string; event?: string; seen?: string[] }[] =>
  existsSync(join(root, 'runs.jsonl')) ? readFileSync(join(root, 'runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : [];
const starts = (root: string) => runs(root).filter((r) => r.phase === 'start');
const helpful = (root: string) => readPlaybook(root).key_points[0].helpful as number;

describe('1. session-end returns before the extractor finishes', () => {
  test('the audit record is written and the marker released when the hook returns; the extraction finishes in the background', async () => {
    const root = project(PLAYBOOK, { 'extractor.mjs': RECORDING_EXTRACTOR });
    const transcript = join(root, 'transcript.jsonl');
    expect(contextOf(hook(root, 'session-start', { session_id: 's-1', source: 'startup', transcript_path: transcript }).json)).toBeDefined();
    // The extractor waits for `go`, which the test writes only after the hook returned: a hook that
    // waited for its extractor would be killed at this timeout instead.
    const end = hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript, reason: 'other' }, { MEMDEX_EXTRACTOR: recording(root, '--wait') }, 20_000);
    expect([end.status, end.json]).toEqual([0, {}]);
    expect(relevanceSession(root, 's-1')).toMatchObject({ status: 'pending', endedAt: expect.any(String) });
    expect(hasMarker(root, 's-1')).toBe(false);
    expect(runs(root).some((r) => r.phase === 'done')).toBe(false);
    writeFileSync(join(root, 'go'), '');
    await waitFor(() => helpful(root) === 6, 'the background extraction');
  });

  test('the documented SessionEnd and PreCompact timeouts stay within the client cap of 60 s', () => {
    for (const doc of ['README.md', 'docs/playbook.md']) {
      const text = readFileSync(join(REPO, doc), 'utf8');
      const timeouts = [...text.matchAll(/memdex hook (?:session-end|pre-compact)[^"]*", "timeout": (\d+)/g)].map((m) => Number(m[1]));
      expect(timeouts.length).toBeGreaterThan(0);
      for (const timeout of timeouts) expect(timeout).toBeLessThanOrEqual(60);
    }
  });
});

describe('2. a hook wired under the wrong event', () => {
  test('answers {}, logs one line, and claims and records nothing', () => {
    const root = project();
    const result = hook(root, 'session-start', { hook_event_name: 'UserPromptSubmit', session_id: 's-1', prompt: 'hi' });
    expect([result.status, result.json]).toEqual([0, {}]);
    expect(hasMarker(root, 's-1')).toBe(false);
    expect(relevanceSession(root, 's-1')).toBeUndefined();
    expect(log(root)).toMatch(
      /^\S+ session-start `memdex hook session-start` ran for the UserPromptSubmit event; it answers SessionStart only \(Claude Code rejects output naming another event\), so it did nothing; wire it under SessionStart in \.claude\/settings\.json\n$/,
    );
  });
});

describe('3. one playbook block per session across resume and compaction', () => {
  test('resume: the client replays the earlier block, so nothing is injected, also with changed counters; compact: injected once again', () => {
    const root = project();
    const transcript = join(root, 'transcript.jsonl');
    const first = contextOf(hook(root, 'session-start', { session_id: 's-1', source: 'startup', transcript_path: transcript }).json);
    expect(first).toContain('- [MX#kpt_001] helpful=5 harmful=1 :: use type hints');
    hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript, reason: 'other' });
    const changed = JSON.parse(PLAYBOOK);
    changed.key_points[0].helpful = 9;
    writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify(changed));
    expect(hook(root, 'session-start', { session_id: 's-1', source: 'resume', transcript_path: transcript }).json).toEqual({});
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'after the resume' }).json).toEqual({});
    hook(root, 'pre-compact', { session_id: 's-1', transcript_path: transcript, trigger: 'manual' });
    const compacted = contextOf(hook(root, 'session-start', { session_id: 's-1', source: 'compact', transcript_path: transcript }).json);
    expect(compacted).toContain('- [MX#kpt_001] helpful=9 harmful=1 :: use type hints');
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1', prompt: 'after the compaction' }).json).toEqual({});
  });

  test('a resumed session that never got a block gets one; clear and fork (new session ids) get one', () => {
    const root = project();
    expect(contextOf(hook(root, 'session-start', { session_id: 's-2', source: 'resume' }).json)).toContain('[MEMDEX_V1]');
    expect(contextOf(hook(root, 'session-start', { session_id: 's-3', source: 'clear' }).json)).toContain('[MEMDEX_V1]');
    expect(contextOf(hook(root, 'session-start', { session_id: 's-4', source: 'fork' }).json)).toContain('[MEMDEX_V1]');
  });
});

describe('4 and 5. the whole additionalContext under the client limit; claimed and recorded only when sent', () => {
  const longPlaybook = JSON.stringify({
    version: '1.0',
    name_counter: 20,
    key_points: Array.from({ length: 20 }, (_, i) => ({
      name: `kpt_${String(i + 1).padStart(3, '0')}`,
      text: `Key point ${i + 1}: ${'a long piece of advice about testing, naming and commits that takes room; '.repeat(4)}`,
      helpful: 1,
      harmful: 0,
    })),
  });
  const template = (chars: number) => `# Playbook\n\n${'x'.repeat(chars)}\n\n{key_points}\n`;

  test('a 5,200-character template: under 10,000 characters, key points dropped from the end, only the sent ids recorded', () => {
    const root = project(longPlaybook, { 'template.txt': template(5_200), 'memdex.config.json': JSON.stringify({ playbook: { template: 'template.txt' } }) });
    const sent = contextOf(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json) ?? '';
    expect(sent.length).toBeLessThan(10_000);
    const ids = parseInjectionBlock(sent);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(20);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => `kpt_${String(i + 1).padStart(3, '0')}`));
    expect(relevanceSession(root, 's-1')?.shown).toEqual([...ids].sort());
  });

  test('a template too long for any key point: {} and one log line; no marker, no record, so a fixed template injects on the next prompt', () => {
    const root = project(PLAYBOOK, { 'template.txt': template(10_000), 'memdex.config.json': JSON.stringify({ playbook: { template: 'template.txt' } }) });
    expect(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json).toEqual({});
    expect(log(root)).toMatch(/user-prompt-submit relevance: the playbook template leaves no room for key points below Claude Code's 10,000-character limit for hook context; nothing injected/);
    expect(hasMarker(root, 's-1')).toBe(false);
    expect(relevanceSession(root, 's-1')).toBeUndefined();
    writeFileSync(join(root, 'template.txt'), template(100));
    expect(contextOf(hook(root, 'user-prompt-submit', { session_id: 's-1' }).json)).toContain('[MEMDEX_V1]');
    expect(hasMarker(root, 's-1')).toBe(true);
  });
});

describe('6. each piece of evidence is given to the extractor once', () => {
  test('across session-ends, a resume and a pre-compact: only the new lines, and a repeat with nothing new does not call the extractor', async () => {
    const root = project(PLAYBOOK, { 'extractor.mjs': RECORDING_EXTRACTOR });
    const transcript = join(root, 'transcript.jsonl');
    const env = { MEMDEX_EXTRACTOR: recording(root) };
    let workers = 0;
    // One hook, then its background worker's log line (the next append must not race it).
    const end = async (event: string) => {
      hook(root, event, { session_id: 's-1', transcript_path: transcript }, env);
      workers++;
      await waitFor(() => (log(root).match(/\(background\)/g) ?? []).length === workers, `worker ${workers}`);
    };
    appendFileSync(transcript, line('EVIDENCE-alpha'));
    await end('session-end');
    await end('session-end'); // nothing new
    appendFileSync(transcript, `${line('EVIDENCE-bravo')}{"type":"user","message":{"content":"EVIDENCE-partial`); // a line still being written
    await end('pre-compact');
    appendFileSync(transcript, ` line"}}\n${line('EVIDENCE-charlie')}`);
    // The client's bookkeeping repeats earlier messages: not evidence again.
    appendFileSync(transcript, `${JSON.stringify({ type: 'last-prompt', lastPrompt: 'EVIDENCE-bravo' })}\n`);
    await end('session-end');
    await end('session-end');
    await end('pre-compact');
    expect(log(root).match(/nothing new in/g)).toHaveLength(3);
    expect(starts(root).map((r) => [r.event, r.seen])).toEqual([
      ['session-end', ['EVIDENCE-alpha']],
      ['pre-compact', ['EVIDENCE-bravo']],
      ['session-end', ['EVIDENCE-charlie', 'EVIDENCE-partial']],
    ]);
    expect(helpful(root)).toBe(8);
  });

  test('a failed extraction gives its lines back: the next run sees them again', async () => {
    const root = project(PLAYBOOK, { 'extractor.mjs': RECORDING_EXTRACTOR });
    const transcript = join(root, 'transcript.jsonl');
    appendFileSync(transcript, line('EVIDENCE-alpha'));
    hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript }, { MEMDEX_EXTRACTOR: recording(root, '--fail') });
    await waitFor(() => /exited with 4: refused/.test(log(root)), 'the failure line');
    hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript }, { MEMDEX_EXTRACTOR: recording(root) });
    await waitFor(() => helpful(root) === 6, 'the retried extraction');
    expect(starts(root).map((r) => r.seen)).toEqual([['EVIDENCE-alpha'], ['EVIDENCE-alpha']]);
  });
});

describe('the background worker fails open and loses nothing', () => {
  test('an extractor over MEMDEX_EXTRACTOR_TIMEOUT is killed, logged, and its lines are given back', async () => {
    const root = project(PLAYBOOK, { 'extractor.mjs': RECORDING_EXTRACTOR });
    const transcript = join(root, 'transcript.jsonl');
    appendFileSync(transcript, line('EVIDENCE-alpha'));
    hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript }, { MEMDEX_EXTRACTOR: recording(root, '--wait'), MEMDEX_EXTRACTOR_TIMEOUT: '1' });
    await waitFor(() => /session-end \(background\) extractor `.*` timed out after 1000 ms; playbook not updated/.test(log(root)), 'the timeout line');
    writeFileSync(join(root, 'go'), '');
    hook(root, 'session-end', { session_id: 's-1', transcript_path: transcript }, { MEMDEX_EXTRACTOR: recording(root) });
    await waitFor(() => helpful(root) === 6, 'the retried extraction');
    expect(starts(root).map((r) => r.seen)).toEqual([['EVIDENCE-alpha'], ['EVIDENCE-alpha']]);
  });

  test('an unreadable offsets file is named in the log and left as it is; the extractor is not run', async () => {
    const root = project(PLAYBOOK, { 'extractor.mjs': RECORDING_EXTRACTOR });
    const state = join(root, '.claude', 'memdex', 'extracted.json');
    mkdirSync(dirname(state), { recursive: true });
    writeFileSync(state, '{"sessions": {"s-1": {"offset": "ten"}}}');
    hook(root, 'session-end', { session_id: 's-1', transcript_path: join(root, 'transcript.jsonl') }, { MEMDEX_EXTRACTOR: recording(root) });
    await waitFor(() => log(root).includes('(background)'), 'the worker\'s log line');
    expect(log(root)).toContain(`session-end (background) ${state}: cannot read the extraction offsets (session "s-1" needs {"transcript": string, "offset": integer >= 0, "at": string, "failures"?: integer >= 0}); fix or delete the file; playbook not updated`);
    expect(readFileSync(state, 'utf8')).toBe('{"sessions": {"s-1": {"offset": "ten"}}}');
    expect(starts(root)).toEqual([]);
  });
});

describe('7 and 8. the injected text', () => {
  test('names a feedback command that runs in a shell without memdex on its PATH, as a factual statement', () => {
    const root = project(PLAYBOOK, { 'package.json': '{"name": "p", "devDependencies": {"typescript": "5.0.0"}}' });
    const sent = contextOf(hook(root, 'session-start', { session_id: 's-1', source: 'startup' }).json) ?? '';
    const statement = /^A key point that does not apply here can be reported with: (.+ feedback <id> --not-applicable --reason "\.\.\.")$/m.exec(sent);
    expect(statement).not.toBeNull();
    const command = statement![1]!.replace('<id>', 'kpt_001').replace('"..."', '"not for this repository"');
    const shell = spawnSync('/bin/sh', ['-c', command], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: root, CLAUDE_PROJECT_DIR: root },
    });
    expect([shell.status, shell.stderr]).toEqual([0, '']);
    const relevance = JSON.parse(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8'));
    expect(Object.keys(relevance.items)).toEqual(['kpt_001']);
    for (const imperative of [/\bUse these\b/, /\bTreat these\b/, /\brun:/]) expect(sent).not.toMatch(imperative);
  });
});
