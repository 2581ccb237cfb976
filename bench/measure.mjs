// Shared timing for the benches: every case is a whole process, as hooks and
// pre-commit run memdex. Cases are interleaved run by run (baseline, case A,
// case B, baseline, ...), so machine load drifts onto all of them alike, and the
// median of each is reported with its ratio to `node -e 0` measured in the same run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../bin/memdex.cjs', import.meta.url));
export const BASELINE = { name: 'node -e 0', args: ['-e', '0'] };

function once(c) {
  c.before?.();
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, c.args, { input: c.input, cwd: c.cwd, env: { ...process.env, ...c.env }, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const ok = c.expectStatus ?? 0;
  if (r.status !== ok) throw new Error(`${c.name}: exit ${r.status}, expected ${ok}: ${String(r.stderr).slice(0, 400)}`);
  c.verify?.(r.stdout);
  return ms;
}

/** Median ms per case name; `BASELINE` is always measured too. */
export function measure(cases, runs) {
  const all = [BASELINE, ...cases];
  for (const c of all) {
    c.prepare?.(); // once, right before the first call (which builds any memdex cache)
    once(c); // warm the file cache and any memdex cache
  }
  const samples = new Map(all.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) for (const c of all) samples.get(c.name).push(once(c));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return new Map([...samples].map(([name, xs]) => [name, median(xs)]));
}

/** A markdown table: case, median ms, ratio to node -e 0, target, met. */
export function table(results, rows) {
  const base = results.get(BASELINE.name);
  const lines = ['| case | median ms | × `node -e 0` | target | met |', '|---|---:|---:|---|---|'];
  lines.push(`| node -e 0 | ${base.toFixed(1)} | 1.00 | | |`);
  for (const row of rows) {
    const ms = results.get(row.name);
    const ratio = ms / base;
    const met = row.met ? (row.met(ms, ratio) ? 'yes' : '**no**') : '';
    lines.push(`| ${row.name} | ${ms.toFixed(1)} | ${ratio.toFixed(2)} | ${row.target ?? ''} | ${met} |`);
  }
  return lines.join('\n');
}
