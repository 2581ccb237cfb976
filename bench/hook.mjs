// The hooks Claude Code runs, each a whole process, with a playbook of 50 key points:
// - user-prompt-submit on the first prompt of a session (a new session id each run:
//   it really ranks, renders, claims and records) and on a later prompt (the marker
//   is there: nothing to read or write);
// - session-end with an extractor that takes 60 s: the hook records the audit,
//   releases the marker and starts the background worker, so its time does not
//   depend on the extractor (a new session id each run, so each worker really runs it;
//   the workers are left to finish on their own).
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, measure, table } from './measure.mjs';

/** The extractor of the session-end case: as slow as a slow LLM call. */
const EXTRACTOR_SECONDS = 60;

export function benchHook(runs, size = 50) {
  const root = mkdtempSync(join(tmpdir(), 'memdex-bench-hook-'));
  mkdirSync(join(root, '.claude'));
  const keyPoints = Array.from({ length: size }, (_, i) => ({
    name: `kpt_${String(i + 1).padStart(3, '0')}`,
    text: `Key point number ${i + 1}: prefer small, well-named functions and test them`,
    helpful: i % 7,
    harmful: i % 3,
  }));
  writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: size, key_points: keyPoints }, null, 2));
  const transcript = join(root, 'transcript.jsonl');
  writeFileSync(transcript, '');
  const env = { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '' };
  const payload = (event, sessionId, extra = {}) => JSON.stringify({ session_id: sessionId, cwd: root, transcript_path: transcript, hook_event_name: event, ...extra });
  let session = 0;
  const first = {
    name: `user-prompt-submit, first prompt of a session, ${size} key points`,
    args: [CLI, 'hook', 'user-prompt-submit'],
    env,
    get input() {
      return payload('UserPromptSubmit', `bench-${session++}`, { prompt: 'hi' });
    },
    verify: (stdout) => {
      if (!stdout.includes('additionalContext')) throw new Error(`no injection: ${stdout}`);
    },
  };
  const later = {
    name: 'user-prompt-submit, a later prompt of the session',
    args: [CLI, 'hook', 'user-prompt-submit'],
    env,
    input: payload('UserPromptSubmit', 'bench-0', { prompt: 'again' }),
    verify: (stdout) => {
      if (stdout.trim() !== '{}') throw new Error(`expected {}: ${stdout}`);
    },
  };
  let ended = 0;
  const end = {
    name: `session-end, extractor taking ${EXTRACTOR_SECONDS} s`,
    args: [CLI, 'hook', 'session-end'],
    env: { ...env, MEMDEX_EXTRACTOR: `sleep ${EXTRACTOR_SECONDS} #` },
    before: () => appendFileSync(transcript, `${JSON.stringify({ type: 'user', message: { role: 'user', content: `prompt ${ended}` } })}\n`),
    get input() {
      return payload('SessionEnd', `bench-end-${ended++}`, { reason: 'other' });
    },
    verify: (stdout) => {
      if (stdout.trim() !== '{}') throw new Error(`expected {}: ${stdout}`);
    },
  };
  const results = measure([first, later, end], runs);
  rmSync(root, { recursive: true, force: true });
  return table(results, [
    { name: first.name, target: '≤ 1.5×', met: (_ms, ratio) => ratio <= 1.5 },
    { name: later.name, target: '≤ 1.1×', met: (_ms, ratio) => ratio <= 1.1 },
    { name: end.name, target: '< 500 ms', met: (ms) => ms < 500 },
  ]);
}
