// Resolver speed against bare `node -e 0`, measured in the same run (median of RUNS
// spawnSync runs). Needs `npm run build` first.
//
//   node bench/resolve.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from './generate-tree.mjs';

const RUNS = Number(process.env.RUNS ?? 15);
const CLI = fileURLToPath(new URL('../bin/memdex.js', import.meta.url));
const AFTER = fileURLToPath(new URL('../../shared/corpora/after-migration', import.meta.url));

function time(args, { input, before } = {}) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    before?.();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const after = mkdtempSync(join(tmpdir(), 'memdex-bench-'));
cpSync(AFTER, after, { recursive: true });
const indexText = readFileSync(join(after, 'agents/memory-index.md'), 'utf8');
const triggers = indexText.slice(indexText.indexOf('\n## ')).split('\n').filter((l) => /^\/(when|how) /.test(l));
const big = mkdtempSync(join(tmpdir(), 'memdex-bench-big-'));
const list = generateTree(big, { entries: 10000, seed: 1 });
const thousand = list.slice(0, 1000).map((e) => `/${e.operator} ${e.trigger}`).join('\n');

const base = time(['-e', '0']);
let coldDir;
const rows = [
  ['node -e 0', base, null],
  ['when <trigger>, after-migration', time([CLI, 'when', 'writing red phase assertions', '--root', after]), 1.3],
  [
    'cold: fresh copy each run',
    time([CLI, 'when', 'writing red phase assertions', '--root', join(tmpdir(), 'memdex-bench-cold')], {
      before: () => {
        coldDir = join(tmpdir(), 'memdex-bench-cold');
        rmSync(coldDir, { recursive: true, force: true });
        cpSync(AFTER, coldDir, { recursive: true });
      },
    }),
    3,
  ],
  ['all 152 triggers via stdin', time([CLI, 'resolve', '-', '--root', after], { input: triggers.join('\n') }), null],
  ['10,000 entries: one query', time([CLI, 'resolve', `/${list[5000].operator} ${list[5000].trigger}`, '--root', big]), 2],
  ['10,000 entries: 1,000 queries via stdin', time([CLI, 'resolve', '-', '--root', big], { input: thousand }), null],
];
const single = rows[1][1];
console.log(`median of ${RUNS} runs (ms)\n`);
console.log('| case | ms | × node -e 0 | target |');
console.log('|---|---|---|---|');
for (const [name, ms, target] of rows) {
  let goal = target ? `≤ ${target}×` : '';
  if (name.startsWith('all 152')) goal = `≤ 2× single (${(ms / single).toFixed(2)}×)`;
  if (name.includes('1,000')) goal = `< 2000 ms`;
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / base).toFixed(2)} | ${goal} |`);
}
rmSync(after, { recursive: true, force: true });
rmSync(big, { recursive: true, force: true });
if (coldDir) rmSync(coldDir, { recursive: true, force: true });
