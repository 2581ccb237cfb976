// Times `memdex hook user-prompt-submit` (one process per agent prompt) against a
// bare `node -e 0` in the same run, alternating the two so machine load hits both
// alike. Prints medians and the ratio. Run `npm run build` first.
//   node bench/hook.mjs [runs=30] [key points=50]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 30);
const size = Number(process.argv[3] ?? 50);
const cli = fileURLToPath(new URL('../bin/memdex.js', import.meta.url));

const root = mkdtempSync(join(tmpdir(), 'memdex-bench-'));
mkdirSync(join(root, '.claude'));
const keyPoints = Array.from({ length: size }, (_, i) => ({
  name: `kpt_${String(i + 1).padStart(3, '0')}`,
  text: `Key point number ${i + 1}: prefer small, well-named functions and test them`,
  helpful: i % 7,
  harmful: i % 3,
}));
writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: size, key_points: keyPoints }, null, 2));

function time(args, input) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hook = [];
const bare = [];
time(['-e', '0']); // warm the file cache
for (let i = 0; i < runs; i++) {
  bare.push(time(['-e', '0']).ms);
  // a new session each time, so every run really formats and injects
  const { ms, stdout } = time([cli, 'hook', 'user-prompt-submit'], JSON.stringify({ session_id: `bench-${i}`, prompt: 'hi' }));
  if (!stdout.includes('additionalContext')) throw new Error(`no injection: ${stdout}`);
  hook.push(ms);
}
rmSync(root, { recursive: true, force: true });

const h = median(hook);
const b = median(bare);
process.stdout.write(
  `memdex hook user-prompt-submit (${size} key points): median ${h.toFixed(1)} ms over ${runs} runs\n` +
    `node -e 0:                                  median ${b.toFixed(1)} ms\n` +
    `ratio: ${(h / b).toFixed(2)}x  (hook cost over bare node: ${(h - b).toFixed(1)} ms)\n`,
);
