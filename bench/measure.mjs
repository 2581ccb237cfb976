// Shared timing for the benches: every case is a whole process, as hooks and
// pre-commit run memdex. Cases are interleaved run by run (baseline, case A,
// case B, baseline, ...), so machine load drifts onto all of them alike, and the
// median of each is reported with its ratio to `node -e 0` measured in the same run.
//
// CPU time too (measureBoth): the children's user + sys from /proc/self/stat (cutime,
// cstime), read before and after each run. On a busy machine the wall clock of a
// process is mostly waiting for a core; its CPU time is what it costs. Linux counts it
// in 10 ms ticks, so one run's figure is ±10 ms and the mean over n runs is good to
// about 10 ms / sqrt(6 n). Without /proc (not Linux) it is undefined.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../bin/memdex.cjs', import.meta.url));
export const BASELINE = { name: 'node -e 0', args: ['-e', '0'] };

/** Children's CPU ms so far (user + sys of every waited-for child), or undefined without /proc. */
function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime, cstime in USER_HZ (100) ticks
  } catch {
    return undefined;
  }
}

function once(c) {
  c.before?.();
  const cpu = childCpuMs();
  const start = process.hrtime.bigint();
  // Bytes, not text: spawnSync decodes inside the timed call, and decoding a report of 100+ MB into a string took
  // the bench ~0.5 s that was counted as memdex's (1 MB of `### a`: 162.7 MB of JSON).
  const r = spawnSync(process.execPath, c.args, { input: c.input, cwd: c.cwd, env: { ...process.env, ...c.env }, maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const cpuAfter = childCpuMs();
  const ok = c.expectStatus ?? 0;
  if (r.status !== ok) throw new Error(`${c.name}: exit ${r.status}, expected ${ok}: ${String(r.stderr).slice(0, 400)}`);
  c.verify?.(r.stdout.toString('utf8'));
  c.after?.(); // not timed: e.g. wait for the background worker the case started (waitForWorkers)
  return { wall, cpu: cpu === undefined ? undefined : cpuAfter - cpu };
}

/**
 * Waits until no process runs in `root` (the hooks start their background workers with
 * the project as working folder): a worker left running would slow the next case and
 * the next `node -e 0` alike (issue 26 item 11: a floor of 94 ms against 61-63 ms).
 * Linux only (/proc); elsewhere it returns at once. Throws after `ms`.
 */
export function waitForWorkers(root, ms = 120_000) {
  let dir;
  try {
    dir = realpathSync(root);
    readdirSync('/proc');
  } catch {
    return;
  }
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + ms;
  for (;;) {
    const busy = readdirSync('/proc').some((pid) => {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        return cwd === dir || cwd.startsWith(`${dir}/`);
      } catch {
        return false; // gone, or another user's
      }
    });
    if (!busy) return;
    if (Date.now() > deadline) throw new Error(`a process still runs in ${root} after ${ms} ms`);
    Atomics.wait(sleep, 0, 0, 20);
  }
}

/** Per case name the median wall ms and the mean CPU ms; `BASELINE` is always measured too (first, unless listed). */
export function measureBoth(cases, runs) {
  const all = cases.includes(BASELINE) ? cases : [BASELINE, ...cases];
  for (const c of all) {
    c.prepare?.(); // once, right before the first call (which builds any memdex cache)
    once(c); // warm the file cache and any memdex cache
  }
  const samples = new Map(all.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) for (const c of all) samples.get(c.name).push(once(c));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const mean = (xs) => (xs.some((x) => x === undefined) ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length);
  return new Map([...samples].map(([name, xs]) => [name, { wall: median(xs.map((x) => x.wall)), cpu: mean(xs.map((x) => x.cpu)) }]));
}

/** Median wall ms per case name; `BASELINE` is always measured too. */
export function measure(cases, runs) {
  return new Map([...measureBoth(cases, runs)].map(([name, { wall }]) => [name, wall]));
}

/** A markdown table of measureBoth's results: case, median wall ms and its ratio, mean CPU ms and its ratio, target, met (by `met(wallMs, wallRatio, cpuRatio)`). */
export function tableBoth(results, rows) {
  const base = results.get(BASELINE.name);
  const cpu = (x) => (x.cpu === undefined ? '' : x.cpu.toFixed(1));
  const lines = ['| case | median wall ms | wall × `node -e 0` | mean CPU ms | CPU × `node -e 0` | target | met |', '|---|---:|---:|---:|---:|---|---|'];
  lines.push(`| node -e 0 | ${base.wall.toFixed(1)} | 1.00 | ${cpu(base)} | 1.00 | | |`);
  for (const row of rows) {
    const x = results.get(row.name);
    const wallRatio = x.wall / base.wall;
    const cpuRatio = x.cpu === undefined || !base.cpu ? undefined : x.cpu / base.cpu;
    const met = row.met ? (row.met(x.wall, wallRatio, cpuRatio) ? 'yes' : '**no**') : '';
    lines.push(`| ${row.name} | ${x.wall.toFixed(1)} | ${wallRatio.toFixed(2)} | ${cpu(x)} | ${cpuRatio === undefined ? '' : cpuRatio.toFixed(2)} | ${row.target ?? ''} | ${met} |`);
  }
  return lines.join('\n');
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
