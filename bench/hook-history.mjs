// The hooks against the project's history (issue 26 item 11, issue 27 item 15): does a hook slow down as
// sessions pile up? Projects from bench/generate-store.mjs (50 key points with their scores), each case
// interleaved with `node -e 0` and every other case in one run, no background worker running while anything
// is timed (waitForWorkers after each case that may start one):
// - the first prompt of a session (user-prompt-submit: it ranks, renders, claims and records) with 0, 250 and
//   2,500 earlier sessions never evaluated (their records, one file each);
// - the same with an earlier version's store holding 250 or 2,500 sessions itself: the store is put back
//   before each run (untimed), so every run is the first prompt after an upgrade, which has the sessions
//   moved out by a detached worker (awaited, untimed); over 2 MiB the store is not parsed at all;
// - a later prompt of a session (the marker is there) with 0 and 2,500 sessions;
// - session-end (its foreground: the session's record and marker; no extractor) with 0, 250 and 2,500
//   sessions, and beside an earlier version's 28 MB store (30,000 sessions).
// A hook reads and writes only its own session's record, so the history should cost nothing.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateStoreProject, legacyStoreText, RECORDS_DIR } from './generate-store.mjs';
import { CLI, measureBoth, tableBoth, waitForWorkers } from './measure.mjs';

export const TITLE = "Hooks and the store's size (issue 26 item 11, issue 27 item 15)";

export function benchHookHistory(runs) {
  const roots = [];
  const make = (sessions, layout = 'files') => {
    const root = generateStoreProject({ sessions, layout, name: `history-${layout}-${sessions}` });
    roots.push(root);
    return root;
  };
  const env = (root) => ({ CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', MEMDEX_LEARN: '0' });
  const payload = (root, event, sessionId, extra = {}) => JSON.stringify({ session_id: sessionId, cwd: root, transcript_path: join(root, 'transcript.jsonl'), hook_event_name: event, ...extra });
  let n = 0;
  const firstPrompt = (name, root, before) => ({
    name,
    args: [CLI, 'hook', 'user-prompt-submit'],
    env: env(root),
    before,
    get input() {
      return payload(root, 'UserPromptSubmit', `bench-${n++}`, { prompt: 'hi' });
    },
    verify: (stdout) => {
      if (!stdout.includes('additionalContext')) throw new Error(`no injection: ${stdout}`);
    },
    after: () => waitForWorkers(root),
  });
  const laterPrompt = (name, root) => {
    const sessionId = `bench-later-${n++}`;
    return {
      name,
      args: [CLI, 'hook', 'user-prompt-submit'],
      env: env(root),
      // the session's first prompt, once, untimed (measureBoth's warm-up call is then already a later prompt)
      prepare: () => {
        const r = spawnSync(process.execPath, [CLI, 'hook', 'user-prompt-submit'], { input: payload(root, 'UserPromptSubmit', sessionId, { prompt: 'hi' }), env: { ...process.env, ...env(root) }, encoding: 'utf8' });
        if (!r.stdout.includes('additionalContext')) throw new Error(`no injection: ${r.stdout} ${r.stderr}`);
        waitForWorkers(root);
      },
      input: payload(root, 'UserPromptSubmit', sessionId, { prompt: 'again' }),
      verify: (stdout) => {
        if (stdout.trim() !== '{}') throw new Error(`expected {}: ${stdout}`);
      },
    };
  };
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
    after: () => waitForWorkers(root),
  });
  /** Puts an earlier version's store back (untimed): each run is the first prompt after an upgrade. */
  const legacyAgain = (root, sessions) => () => {
    rmSync(join(root, RECORDS_DIR), { recursive: true, force: true });
    writeFileSync(join(root, '.claude', 'relevance.json'), legacyStoreText(sessions));
  };

  const [s0, s250, s2500] = [make(0), make(250), make(2_500)];
  const [l250, l2500] = [make(250, 'legacy'), make(2_500, 'legacy')];
  const huge = make(30_000, 'legacy');
  const cases = [
    firstPrompt('first prompt, 0 earlier sessions', s0),
    firstPrompt('first prompt, 250 earlier sessions (their records)', s250),
    firstPrompt('first prompt, 2,500 earlier sessions (their records)', s2500),
    firstPrompt("first prompt after an upgrade, an earlier version's store with 250 sessions", l250, legacyAgain(l250, 250)),
    firstPrompt("first prompt after an upgrade, an earlier version's store with 2,500 sessions (2.3 MB)", l2500, legacyAgain(l2500, 2_500)),
    laterPrompt('later prompt, 0 earlier sessions', s0),
    laterPrompt('later prompt, 2,500 earlier sessions', s2500),
    sessionEnd('session-end, 0 earlier sessions', s0),
    sessionEnd('session-end, 250 earlier sessions', s250),
    sessionEnd('session-end, 2,500 earlier sessions', s2500),
    sessionEnd("session-end, beside an earlier version's 28 MB store (30,000 sessions)", huge),
  ];
  const results = measureBoth(cases, runs);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  const base = (name) => results.get(name).wall;
  const asFirst = (_ms, wall, cpu) => wall <= 1.5 && (cpu ?? 0) <= 1.5;
  const near = (reference) => (ms) => ms <= base(reference) * 1.1;
  return tableBoth(results, [
    { name: cases[0].name, target: '≤ 1.5×', met: asFirst },
    { name: cases[1].name, target: '≤ 1.5×, as with 0', met: (ms, wall, cpu) => asFirst(ms, wall, cpu) && near(cases[0].name)(ms) },
    { name: cases[2].name, target: '≤ 1.5×, as with 0', met: (ms, wall, cpu) => asFirst(ms, wall, cpu) && near(cases[0].name)(ms) },
    { name: cases[3].name, target: 'once per project' },
    { name: cases[4].name, target: 'once per project' },
    { name: cases[5].name, target: '≤ 1.1×', met: (_ms, wall, cpu) => wall <= 1.1 && (cpu ?? 0) <= 1.1 },
    { name: cases[6].name, target: '≤ 1.1×, as with 0', met: (ms, wall, cpu) => wall <= 1.1 && (cpu ?? 0) <= 1.1 && near(cases[5].name)(ms) },
    { name: cases[7].name, target: '< 500 ms', met: (ms) => ms < 500 },
    { name: cases[8].name, target: 'as with 0', met: near(cases[7].name) },
    { name: cases[9].name, target: 'as with 0', met: near(cases[7].name) },
    { name: cases[10].name, target: 'as with 0', met: near(cases[7].name) },
  ]);
}
