// Resolver speed (`memdex when`, one process per hook call).
// Targets (issue 3): one query on after-migration warm ≤ 1.3×, cold ≤ 3× `node -e 0`;
// all 152 triggers in one call via stdin ≤ 2× a single call; on the generated
// 10,000-entry tree one query ≤ 2× and 1,000 queries in one call < 2 s.
// Warm: the model cache is valid. Cold: a fresh copy of the tree and no cache.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER } from './corpora.mjs';
import { generateTree } from './generate-tree.mjs';
import { CLI, measure, table } from './measure.mjs';

export function benchResolve(runs) {
  const after = mkdtempSync(join(tmpdir(), 'memdex-bench-'));
  cpSync(AFTER, after, { recursive: true });
  const indexText = readFileSync(join(after, 'agents/memory-index.md'), 'utf8');
  const triggers = indexText.slice(indexText.indexOf('\n## ')).split('\n').filter((l) => /^\/(when|how) /.test(l));
  const big = mkdtempSync(join(tmpdir(), 'memdex-bench-big-'));
  const list = generateTree(big, { entries: 10000, seed: 1 });
  const thousand = list.slice(0, 1000).map((e) => `/${e.operator} ${e.trigger}`).join('\n');
  const cold = join(tmpdir(), 'memdex-bench-resolve-cold');
  const cacheDir = mkdtempSync(join(tmpdir(), 'memdex-bench-cache-'));
  const env = { MEMDEX_CACHE_DIR: cacheDir };
  const cases = [
    { name: 'when <trigger>, after-migration, warm', args: [CLI, 'when', 'writing red phase assertions', '--root', after], env },
    {
      name: 'when <trigger>, after-migration, cold (fresh copy, no cache)',
      args: [CLI, 'when', 'writing red phase assertions', '--root', cold],
      env: { MEMDEX_NO_CACHE: '1' },
      before: () => {
        rmSync(cold, { recursive: true, force: true });
        cpSync(AFTER, cold, { recursive: true });
      },
    },
    { name: 'all 152 triggers in one call via stdin', args: [CLI, 'resolve', '-', '--root', after], input: triggers.join('\n'), env },
    { name: '10,000 entries: one query', args: [CLI, 'resolve', `/${list[5000].operator} ${list[5000].trigger}`, '--root', big], env },
    { name: '10,000 entries: 1,000 queries via stdin', args: [CLI, 'resolve', '-', '--root', big], input: thousand, env },
  ];
  const results = measure(cases, runs);
  const single = results.get(cases[0].name);
  const text = table(results, [
    { name: cases[0].name, target: '≤ 1.3×', met: (_ms, r) => r <= 1.3 },
    { name: cases[1].name, target: '≤ 3×', met: (_ms, r) => r <= 3 },
    { name: cases[2].name, target: `≤ 2× a single call (${(results.get(cases[2].name) / single).toFixed(2)}×)`, met: (ms) => ms <= 2 * single },
    { name: cases[3].name, target: '≤ 2×', met: (_ms, r) => r <= 2 },
    { name: cases[4].name, target: '< 2000 ms', met: (ms) => ms < 2000 },
  ]);
  for (const dir of [after, big, cold, cacheDir]) rmSync(dir, { recursive: true, force: true });
  return text;
}
