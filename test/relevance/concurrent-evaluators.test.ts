/**
 * Two real evaluator processes (the built CLI) started together over the same
 * 20 pending sessions (issue #28): every session is evaluated and applied
 * exactly once, whoever gets it.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordAudit, serializeRelevanceState, EMPTY_STATE, type RelevanceState } from '../../src/relevance/index.js';
import { CLI } from '../helpers/run-cli.js';
import { sessionRecords } from '../helpers/session-records.js';

const FAKE_EVALUATOR = fileURLToPath(new URL('../fixtures/fake-evaluator.mjs', import.meta.url));
const SESSIONS = Array.from({ length: 20 }, (_, i) => `session-${String(i + 1).padStart(2, '0')}`);
const ITEMS = ['kpt_001', 'kpt_002', 'kpt_003'];
let root: string;

function evaluator(): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'relevance', 'evaluate', '--limit', '100', '--format', 'json', '--root', root], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', CLAUDE_PROJECT_DIR: '', MEMDEX_HOOKS: '', MEMDEX_EVALUATOR: `"${process.execPath}" "${FAKE_EVALUATOR}"` },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'memdex-evaluators-'));
  writeFileSync(join(root, 'memdex.config.json'), '{}');
  mkdirSync(join(root, '.claude'));
  let state: RelevanceState = EMPTY_STATE;
  SESSIONS.forEach((id, i) => {
    // Session i shows a rotating subset, so per-item counts differ.
    const shown = ITEMS.filter((_, k) => (i + k) % 3 !== 0);
    const time = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    state = recordAudit(state, id, { shown, tags: ['typescript'], at: time, ended: true });
  });
  writeFileSync(join(root, '.claude', 'relevance.json'), serializeRelevanceState(state));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

test('two evaluators started together apply each of 20 sessions exactly once', async () => {
  const [a, b] = await Promise.all([evaluator(), evaluator()]);
  expect([a.status, b.status, a.stderr, b.stderr]).toEqual([0, 0, '', '']);
  const doneA: string[] = JSON.parse(a.stdout).done;
  const doneB: string[] = JSON.parse(b.stdout).done;
  expect([...doneA, ...doneB].sort()).toEqual(SESSIONS);

  // The evaluator itself was called once per session, not once per process.
  const calls = readFileSync(join(root, 'evaluator-calls.log'), 'utf8').trim().split('\n').sort();
  expect(calls).toEqual(SESSIONS);

  const store = JSON.parse(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8'));
  // The sessions an earlier version kept in the store moved to their own records, once.
  expect(store.sessions).toEqual({});
  const sessions = sessionRecords(root);
  for (const id of SESSIONS) expect(sessions[id]).toMatchObject({ status: 'done', attempts: 1 });
  for (const item of ITEMS) {
    const showings = SESSIONS.filter((_, i) => (i + ITEMS.indexOf(item)) % 3 !== 0).length;
    expect(store.items[item].events).toBe(showings);
    expect(store.items[item].tags.typescript.positive).toBe(showings);
  }
});
