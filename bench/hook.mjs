// `memdex hook user-prompt-submit` (one process per agent prompt) with a playbook of
// 50 key points; a new session id each run, so every run really ranks and injects.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, measure, table } from './measure.mjs';

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
  let session = 0;
  const c = {
    name: `hook user-prompt-submit, ${size} key points`,
    args: [CLI, 'hook', 'user-prompt-submit'],
    env: { CLAUDE_PROJECT_DIR: root },
    get input() {
      return JSON.stringify({ session_id: `bench-${session++}`, prompt: 'hi', cwd: root });
    },
    verify: (stdout) => {
      if (!stdout.includes('additionalContext')) throw new Error(`no injection: ${stdout}`);
    },
  };
  const results = measure([c], runs);
  rmSync(root, { recursive: true, force: true });
  return table(results, [{ name: c.name }]);
}
