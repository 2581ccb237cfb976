// The hooks against the project's history (issue 26 item 11, issue 27 item 15): does a hook slow down as
// sessions pile up? Each case is its own project (50 key points), interleaved with `node -e 0`:
// - the first prompt of a session (user-prompt-submit: it ranks, renders, claims and records) with the store
//   reset; with 250 sessions recorded and never evaluated (their records, and the scores of 50 key points); and
//   with an earlier version's store holding those 250 sessions itself (until the learning run moves them out);
// - session-end with the store reset, and beside a 28 MB store (an earlier version's, holding 30,000 sessions).
// A hook reads and writes only its own session's record, so the history should cost nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, measure, table } from './measure.mjs';

export const TITLE = "Hooks and the store's size (issue 26 item 11, issue 27 item 15)";

const KEY_POINTS = 50;
const TAGS = ['typescript', 'nodejs', 'react', 'docker', 'github'];
const at = (i) => new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString();

function project(name) {
  const root = mkdtempSync(join(tmpdir(), `memdex-bench-history-${name}-`));
  mkdirSync(join(root, '.claude', 'memdex', 'relevance-sessions'), { recursive: true });
  const keyPoints = Array.from({ length: KEY_POINTS }, (_, i) => ({ name: kpt(i), text: `Key point number ${i + 1}: prefer small, well-named functions and test them`, helpful: i % 7, harmful: i % 3 }));
  writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: KEY_POINTS, key_points: keyPoints }, null, 2));
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'transcript.jsonl'), '');
  return root;
}

const kpt = (i) => `kpt_${String(i + 1).padStart(3, '0')}`;

function record(i) {
  return { status: 'pending', shown: Array.from({ length: 25 }, (_, k) => kpt((i + k) % KEY_POINTS)).sort(), evaluated: [], tags: TAGS, repo: 'bench', transcriptPath: `/home/u/.claude/projects/-bench/${i}.jsonl`, firstSeenAt: at(i), updatedAt: at(i), endedAt: at(i), attempts: 0 };
}

function items() {
  const row = (i) => ({ score: 0.5, positive: 3, negative: 1, events: 4, lastEvaluated: at(i) });
  return Object.fromEntries(Array.from({ length: KEY_POINTS }, (_, i) => [kpt(i), { pin: { pinned: false, mode: 'auto' }, events: 4, tags: Object.fromEntries(TAGS.map((t) => [t, row(i)])), reasons: [] }]));
}

/** An earlier version's store: one line per session under "sessions". */
function legacyStore(sessions) {
  const lines = Array.from({ length: sessions }, (_, i) => `    ${JSON.stringify(`legacy-${i}`)}: ${JSON.stringify(record(i))}`);
  return `{\n  "version": 1,\n  "items": ${JSON.stringify(items())},\n  "sessions": {\n${lines.join(',\n')}\n  }\n}\n`;
}

export function benchHookHistory(runs) {
  const reset = project('reset');
  const records = project('records');
  writeFileSync(join(records, '.claude', 'relevance.json'), JSON.stringify({ version: 1, items: items(), sessions: {} }));
  for (let i = 0; i < 250; i++) writeFileSync(join(records, '.claude', 'memdex', 'relevance-sessions', `old-${i}.json`), `${JSON.stringify({ version: 1, session: `old-${i}`, ...record(i) }, null, 2)}\n`);
  const legacy = project('legacy');
  writeFileSync(join(legacy, '.claude', 'relevance.json'), legacyStore(250));
  const huge = project('huge');
  writeFileSync(join(huge, '.claude', 'relevance.json'), legacyStore(30_000));

  const env = (root) => ({ CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', MEMDEX_LEARN: '0' });
  const payload = (root, event, sessionId, extra = {}) => JSON.stringify({ session_id: sessionId, cwd: root, transcript_path: join(root, 'transcript.jsonl'), hook_event_name: event, ...extra });
  let n = 0;
  const firstPrompt = (name, root) => ({
    name,
    args: [CLI, 'hook', 'user-prompt-submit'],
    env: env(root),
    get input() {
      return payload(root, 'UserPromptSubmit', `bench-${n++}`, { prompt: 'hi' });
    },
    verify: (stdout) => {
      if (!stdout.includes('additionalContext')) throw new Error(`no injection: ${stdout}`);
    },
  });
  const sessionEnd = (name, root) => ({
    name,
    args: [CLI, 'hook', 'session-end'],
    env: env(root),
    get input() {
      return payload(root, 'SessionEnd', `bench-end-${n++}`, { reason: 'other' });
    },
    verify: (stdout) => {
      if (stdout.trim() !== '{}') throw new Error(`expected {}: ${stdout}`);
    },
  });
  const cases = [
    firstPrompt('first prompt, store reset', reset),
    firstPrompt('first prompt, 250 sessions never evaluated (their records)', records),
    firstPrompt("first prompt, 250 sessions in an earlier version's store", legacy),
    sessionEnd('session-end, store reset', reset),
    sessionEnd("session-end, beside an earlier version's 28 MB store (30,000 sessions)", huge),
  ];
  const results = measure(cases, runs);
  for (const root of [reset, records, legacy, huge]) rmSync(root, { recursive: true, force: true });
  return table(results, [
    { name: cases[0].name, target: '≤ 1.5×', met: (_ms, ratio) => ratio <= 1.5 },
    { name: cases[1].name, target: 'as the reset store', met: (ms) => ms <= results.get(cases[0].name) * 1.1 },
    { name: cases[2].name, target: '' },
    { name: cases[3].name, target: '< 500 ms', met: (ms) => ms < 500 },
    { name: cases[4].name, target: 'as the reset store', met: (ms) => ms <= results.get(cases[3].name) * 1.1 },
  ]);
}
