// `memdex check` speed: the real after-migration tree warm and cold, and generated
// trees of 1,000 and 10,000 entries and headings.
// Targets (issue 2): warm ≤ 2×, cold ≤ 5× `node -e 0`; 10,000 entries < 3 s with t(10k)/t(1k) ≤ 12.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTree } from './generate-tree.mjs';
import { AFTER } from './corpora.mjs';
import { CLI, measure, table } from './measure.mjs';

export function benchCheck(runs) {
  const after = mkdtempSync(join(tmpdir(), 'memdex-bench-check-'));
  cpSync(AFTER, after, { recursive: true });
  const cold = join(tmpdir(), 'memdex-bench-check-cold');
  // Cold means no cache at all: the parse cache is keyed by content, so a fresh copy of the same files would hit it
  // (issue 26: 1.06× warm with it, 1.13× truly cold); the cold case has a cache folder of its own, emptied each run.
  const coldCache = join(tmpdir(), 'memdex-bench-check-cold-cache');
  const k1 = mkdtempSync(join(tmpdir(), 'memdex-bench-1k-'));
  const k10 = mkdtempSync(join(tmpdir(), 'memdex-bench-10k-'));
  generateTree(k1, { entries: 1000, seed: 1, perFile: 40 }); // 40 per file: files stay under the 400-line rule
  generateTree(k10, { entries: 10000, seed: 1, perFile: 40 });
  const cases = [
    { name: 'check, after-migration, warm', args: [CLI, 'check', '--quiet', '--root', after] },
    {
      name: 'check, after-migration, cold (fresh copy each run)',
      args: [CLI, 'check', '--quiet', '--root', cold],
      env: { MEMDEX_CACHE_DIR: coldCache },
      before: () => {
        rmSync(coldCache, { recursive: true, force: true });
        rmSync(cold, { recursive: true, force: true });
        cpSync(AFTER, cold, { recursive: true });
      },
    },
    { name: 'check, 1,000 entries', args: [CLI, 'check', '--quiet', '--root', k1] },
    { name: 'check, 10,000 entries', args: [CLI, 'check', '--quiet', '--root', k10] },
  ];
  const results = measure(cases, runs);
  const ratio10 = results.get('check, 10,000 entries') / results.get('check, 1,000 entries');
  const text = [
    table(results, [
      { name: cases[0].name, target: '≤ 2×', met: (_ms, r) => r <= 2 },
      { name: cases[1].name, target: '≤ 5×', met: (_ms, r) => r <= 5 },
      { name: cases[2].name },
      { name: cases[3].name, target: '< 3000 ms', met: (ms) => ms < 3000 },
    ]),
    '',
    `t(10k) / t(1k) = ${ratio10.toFixed(2)} (target ≤ 12: ${ratio10 <= 12 ? 'yes' : '**no**'})`,
  ].join('\n');
  for (const dir of [after, cold, coldCache, k1, k10]) rmSync(dir, { recursive: true, force: true });
  return text;
}
