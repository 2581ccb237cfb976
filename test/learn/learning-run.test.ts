/**
 * When learning runs (issue 12): session-start starts the background learning run for work
 * earlier sessions queued (evaluations, failed extractions), without waiting for it; at most one
 * run per project; MEMDEX_HOOKS=0 makes every hook and worker do nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { recordSpawns } from '../helpers/record-spawns.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { sessionRecords } from '../helpers/session-records.js';
import { hook, waitFor } from '../hooks/helpers.js';
import { extractWorker, hookLog, learnEnv, learnSetup, offsets, outcomes, read, type Reply } from './helpers.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const EVALUATION = { structured: { evaluations: [{ id: 'kpt_001', tag_scores: { typescript: 1 }, reason: 'used' }] } };
const EXTRACTION = { structured: { evaluations: [{ name: 'kpt_001', rating: 'helpful' }], new_key_points: [] } };

function setup(...replies: Reply[]) {
  return learnSetup(made, { prompt: 'EVIDENCE-alpha: a prompt', command: 'npm test', output: 'ok' }, ...replies);
}

/** Session s-1 was shown the playbook and ended (MEMDEX_LEARN=0: its own learning runs are not part of the test). */
function endedSession(root: string, transcript: string, env: Record<string, string>, id = 's-1') {
  hook(root, 'session-start', { session_id: id, source: 'startup', transcript_path: transcript }, { ...env, MEMDEX_LEARN: '0' });
  hook(root, 'session-end', { session_id: id, transcript_path: transcript, reason: 'other' }, { ...env, MEMDEX_LEARN: '0' });
}

/** What the hooks run with `env` start (recordSpawns): a hook that has exited and started no worker has started no run. */
function spawns(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-spawns-'));
  made.push(dir);
  const record = recordSpawns(dir);
  const worker = (root: string) => [process.execPath, CLI, 'hook', 'learn-worker', root];
  return { env: { ...env, NODE_OPTIONS: record.nodeOptions }, workers: (root: string) => record.started().filter((args) => worker(root).every((arg, i) => args[i] === arg)), started: record.started };
}

/**
 * Whether a learning run of `root` is still a live process. The hook's spawn returns once
 * the worker exists, so after the hook has exited, "not running" means it has ended.
 */
function workerRunning(root: string): boolean {
  return execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).split('\n').some((line) => line.includes(`hook learn-worker ${root}`));
}

const score = (root: string) => JSON.parse(read(root, '.claude/relevance.json') ?? '{"items":{}}').items.kpt_001?.tags.typescript?.score as number | undefined;

describe('session-start starts the learning run for sessions queued earlier', () => {
  test('the next session\'s start evaluates the ended one in the background; the hook\'s answer is the injection as before', async () => {
    const { claude, root, env, transcript } = setup(EVALUATION);
    endedSession(root, transcript, env);
    expect(claude.calls()).toHaveLength(0);
    const recorded = spawns(env);
    const start = hook(root, 'session-start', { session_id: 's-2', source: 'startup', transcript_path: transcript }, recorded.env);
    expect(start.json.hookSpecificOutput.additionalContext).toContain('[MX#kpt_001]');
    // The hook has exited, and the run it started is on record (what the tests below see absent).
    expect(recorded.workers(root)).toHaveLength(1);
    await waitFor(() => score(root) !== undefined, 'the background evaluation');
    expect(score(root)).toBeCloseTo(0.3);
    expect(claude.calls()).toHaveLength(1);
    await waitFor(() => hookLog(root).includes('learning run:'), 'the run\'s summary line');
    expect(hookLog(root)).toMatch(/session-start \(background\) s-1: applied scores for 1 item\n.* session-start \(background\) learning run: 0 part\(s\) extracted, 1 session part\(s\) evaluated\n$/);
  });

  test('nothing queued: the run the start begins calls nothing and logs nothing', async () => {
    const { claude, root, env, transcript } = setup(EVALUATION);
    const recorded = spawns(env);
    hook(root, 'session-start', { session_id: 's-1', source: 'startup', transcript_path: transcript }, recorded.env);
    // The start begins one run (whether there is work is the run's to find out) and does not wait for it.
    expect(recorded.workers(root).map((args) => args.slice(3))).toEqual([['learn-worker', root, 's-1']]);
    await waitFor(() => !workerRunning(root), 'the run to end');
    expect(recorded.started().filter((args) => !args.includes('learn-worker'))).toEqual([]);
    expect(claude.calls()).toHaveLength(0);
    expect(hookLog(root)).toBe('');
  });

  test('no claude and no configured evaluator: queued sessions stay queued, nothing is started', () => {
    const { root, env, transcript } = setup(EVALUATION);
    endedSession(root, transcript, env);
    const recorded = spawns({ ...env, PATH: '/usr/bin:/bin' });
    hook(root, 'session-start', { session_id: 's-2', source: 'startup', transcript_path: transcript }, recorded.env);
    // The hook has exited having started no process: the session can only stay queued.
    expect(recorded.started()).toEqual([]);
    expect(sessionRecords(root)['s-1']!.status).toBe('pending');
    expect(hookLog(root)).toBe('');
  });

  test('a failed extraction is retried by the next run, once', () => {
    const { claude, root, transcript } = setup({ exit: 1, stderr: 'busy' }, EXTRACTION);
    extractWorker(root, claude);
    expect(offsets(root)['s-1']).toMatchObject({ offset: 0, failures: 1 });
    const run = runCli(['hook', 'learn-worker', root], { env: learnEnv(claude) });
    expect(run.status).toBe(0);
    expect(claude.calls()).toHaveLength(2);
    expect(JSON.parse(read(root, '.claude/playbook.json')!).key_points[0].helpful).toBe(6);
    expect(offsets(root)['s-1']!.failures).toBeUndefined();
    expect(outcomes(root).map((o) => o.result)).toEqual(['failed', 'applied']);
    expect(hookLog(root)).toContain(`session-start (background) extracted bytes 0-`);
    expect(hookLog(root)).toContain(`of ${transcript}: 1 evaluation(s), 0 new key point(s)`);
  });

  test('at most one run per project: while another live process holds the learning lock, a run does nothing', () => {
    const { claude, root, env, transcript } = setup(EVALUATION);
    endedSession(root, transcript, env);
    mkdirSync(join(root, '.claude', 'memdex'), { recursive: true });
    // The lock of a live runner (this test's own process).
    writeFileSync(join(root, '.claude', 'memdex', 'learning.lock'), `${process.pid} ${Date.now()} 0123456789ab\n`);
    expect(runCli(['hook', 'learn-worker', root], { env }).status).toBe(0);
    expect(claude.calls()).toHaveLength(0);
    expect(hookLog(root)).toMatch(/session-start \(background\) another learning run is active; this one did nothing\n$/);
    rmSync(join(root, '.claude', 'memdex', 'learning.lock'));
    runCli(['hook', 'learn-worker', root], { env });
    expect(claude.calls()).toHaveLength(1);
    expect(score(root)).toBeCloseTo(0.3);
  });

  test('a run handles at most learn.sessionsPerRun sessions', () => {
    const { claude, root, env, transcript } = setup(EVALUATION);
    writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ learn: { sessionsPerRun: 2 } }));
    // Learning off while the sessions are queued: no background run starts at their starts.
    for (const id of ['s-1', 's-2', 's-3']) endedSession(root, transcript, { ...env, MEMDEX_LEARN: '0' }, id);
    runCli(['hook', 'learn-worker', root], { env });
    expect(claude.calls()).toHaveLength(2);
    const sessions = sessionRecords(root);
    expect(['s-1', 's-2', 's-3'].map((id) => sessions[id]!.status)).toEqual(['done', 'done', 'pending']);
  });
});

describe('MEMDEX_HOOKS=0 makes every hook do nothing', () => {
  test.each(['session-start', 'user-prompt-submit', 'session-end', 'pre-compact'])('%s answers {} and writes nothing', (event) => {
    const { claude, root, env, transcript } = setup(EXTRACTION);
    const before = readdirSync(join(root, '.claude')).sort();
    const result = hook(root, event, { session_id: 's-1', source: 'startup', prompt: 'hi', transcript_path: transcript, reason: 'other', trigger: 'manual' }, { ...env, MEMDEX_HOOKS: '0' });
    expect([result.status, result.json]).toEqual([0, {}]);
    expect(readdirSync(join(root, '.claude')).sort()).toEqual(before);
    expect(claude.calls()).toHaveLength(0);
  });

  test.each([
    ['extract-worker', (root: string) => ['hook', 'extract-worker', 'session-end', root, 's-1', join(root, 'transcript.jsonl')]],
    ['learn-worker', (root: string) => ['hook', 'learn-worker', root]],
  ])('the %s does nothing', (_name, args) => {
    const { claude, root, env, transcript } = setup(EVALUATION);
    endedSession(root, transcript, env);
    const before = readdirSync(join(root, '.claude')).sort();
    const store = { scores: read(root, '.claude/relevance.json'), sessions: sessionRecords(root) };
    expect(runCli(args(root), { env: { ...env, MEMDEX_HOOKS: '0' } }).status).toBe(0);
    expect(claude.calls()).toHaveLength(0);
    expect(readdirSync(join(root, '.claude')).sort()).toEqual(before);
    expect({ scores: read(root, '.claude/relevance.json'), sessions: sessionRecords(root) }).toEqual(store);
  });
});
