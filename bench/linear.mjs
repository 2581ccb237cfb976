// Linear time on pathological markdown (issue 16 item 1): `memdex check` on one decision
// file from each generator of pathological.mjs at 1×, 4× and 16× of 62.5 kB (16× = 1 MB).
// Targets: t(16×)/t(1×) ≤ 20 for every generator; 1 MB checks in under 2 s, in every
// output format (the second table: wall and CPU time, user + sys, of each format at 1 MB), and a
// cold `when a` and `when .a` build their caches over each 1 MB file in under 2 s (the third table).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI, measure, BASELINE } from './measure.mjs';
import { PATHOLOGICAL } from './pathological.mjs';

/**
 * 16× is 1,000,000 bytes: under the markdown cap (1 MiB, model/input-limits.ts) by more than a
 * generator overshoots. At 16 × 64 KiB seven of the nine generated files were just over the cap and refused.
 */
const UNIT = 62_500;
const FACTORS = [1, 4, 16];
const MAX_RATIO = 20;
const MAX_MS_PER_MB = 2000;
const FORMATS = ['json', 'stylish', 'sarif', 'github'];
/** Preloaded into each timed process: its own CPU time (user + sys) on descriptor 3 when it exits. */
const CPU_PROBE = "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(3, String((u.user + u.system) / 1000)); });";

const load = () => loadavg()[0].toFixed(1);

/**
 * Every format on each 1 MB input: median wall and CPU ms of `runs` whole processes (formats
 * interleaved run by run, like measure.mjs, so load drifts onto all alike).
 */
function byFormat(roots, probe, runs) {
  const samples = new Map();
  for (let i = 0; i <= runs; i++) {
    for (const [name, root] of roots) {
      for (const format of FORMATS) {
        const started = process.hrtime.bigint();
        // Bytes, not text (measure.mjs: the decoding is the bench's time, not memdex's).
        const r = spawnSync(process.execPath, ['--require', probe, CLI, 'check', '--quiet', '--format', format, '--root', root], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
        const wall = Number(process.hrtime.bigint() - started) / 1e6;
        if (r.status !== 0 && r.status !== 1) throw new Error(`${name} --format ${format}: exit ${r.status}: ${String(r.stderr).slice(0, 400)}`);
        if (i === 0) continue; // warm-up: file cache and parse cache
        const key = `${name}\0${format}`;
        if (!samples.has(key)) samples.set(key, { wall: [], cpu: [], bytes: r.stdout.length });
        samples.get(key).wall.push(wall);
        samples.get(key).cpu.push(Number(String(r.output[3])));
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const lines = [
    `Each format on the 1 MB inputs (\`check --quiet --format <f>\`): median wall ms / CPU ms (user + sys of the process) of ${runs} runs; report size in MB. The goal: under 2 s.`,
    '',
    `| input | ${FORMATS.map((f) => `${f} wall / CPU ms`).join(' | ')} | ${FORMATS.map((f) => `${f} MB`).join(' | ')} |`,
    `|---|${FORMATS.map(() => '---:').join('|')}|${FORMATS.map(() => '---:').join('|')}|`,
  ];
  for (const [name] of roots) {
    const cells = FORMATS.map((f) => samples.get(`${name}\0${f}`));
    const time = (c) => `${median(c.wall).toFixed(0)} / ${median(c.cpu).toFixed(0)}${median(c.wall) < MAX_MS_PER_MB ? '' : ' **no**'}`;
    lines.push(`| ${name} | ${cells.map(time).join(' | ')} | ${cells.map((c) => (c.bytes / 1e6).toFixed(1)).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The queries of the cold `when` table: a trigger (it builds the trigger table) and a section query (the model). */
const COLD_QUERIES = ['a', '.a'];

/**
 * A cold `memdex when a` and `when .a` on each 1 MB input (an empty cache folder each run: a
 * trigger builds and writes the trigger table, a section query the model and its resolver
 * index; each cache waits for a query that reads it, app/when-model.ts): median wall and CPU ms.
 */
function coldWhen(roots, probe, runs, dir) {
  const lines = [
    `A cold \`when a\` and \`when .a\` on the 1 MB inputs (a fresh MEMDEX_CACHE_DIR each run: a trigger builds and writes the trigger table, a section query the model and its resolver index): median wall ms / CPU ms of ${runs} runs. The goal: under 2 s.`,
    '',
    `| input | ${COLD_QUERIES.map((q) => `\`when ${q}\` wall / CPU ms`).join(' | ')} |`,
    `|---|${COLD_QUERIES.map(() => '---:').join('|')}|`,
  ];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, root] of roots) {
    const cells = [];
    for (const query of COLD_QUERIES) {
      const wall = [];
      const cpu = [];
      for (let i = 0; i < runs; i++) {
        const cache = mkdtempSync(join(dir, 'cache-'));
        const started = process.hrtime.bigint();
        const r = spawnSync(process.execPath, ['--require', probe, CLI, 'when', query, '--root', root], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], maxBuffer: 1 << 28, env: { ...process.env, MEMDEX_CACHE_DIR: cache, MEMDEX_NO_CACHE: '' } });
        wall.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (r.status !== 0 && r.status !== 1) throw new Error(`${name} when ${query}: exit ${r.status}: ${String(r.stderr).slice(0, 400)}`);
        cpu.push(Number(String(r.output[3])));
        rmSync(cache, { recursive: true, force: true });
      }
      cells.push(`${median(wall).toFixed(0)} / ${median(cpu).toFixed(0)}${median(wall) < MAX_MS_PER_MB ? '' : ' **no**'}`);
    }
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The block scanner alone, in this process. */
async function loadScanners(dir) {
  const outfile = join(dir, 'scanners.mjs');
  await build({ stdin: { contents: "export { blockHeadings } from './src/model/block-scan.ts';", resolveDir: new URL('..', import.meta.url).pathname, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent' });
  return import(outfile);
}

function scanMs(scanners, text) {
  const started = performance.now();
  scanners.blockHeadings(text);
  return performance.now() - started;
}

export async function benchLinear(runs) {
  const dirs = [];
  const cases = [];
  for (const [name, generate] of Object.entries(PATHOLOGICAL)) {
    for (const factor of FACTORS) {
      const root = mkdtempSync(join(tmpdir(), 'memdex-bench-linear-'));
      dirs.push(root);
      mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
      writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n');
      writeFileSync(join(root, 'agents', 'decisions', 'patho.md'), generate(UNIT * factor));
      const args = [CLI, 'check', '--quiet', '--format', 'json', '--root', root];
      const probe = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
      // A refusal (exit 2: over a cap) would time the refusal, not the check.
      if (probe.status !== 0 && probe.status !== 1) throw new Error(`${name} ×${factor}: exit ${probe.status}: ${String(probe.stderr).slice(0, 400)}`);
      cases.push({ name: `${name} ×${factor}`, generator: name, factor, args, expectStatus: probe.status });
    }
  }
  try {
    const scanDir = mkdtempSync(join(tmpdir(), 'memdex-bench-scan-'));
    dirs.push(scanDir);
    const scanners = await loadScanners(scanDir);
    const scan = new Map(Object.entries(PATHOLOGICAL).map(([name, generate]) => {
      const text = generate(UNIT * 16);
      const samples = Array.from({ length: Math.max(3, runs) }, () => scanMs(scanners, text)).sort((a, b) => a - b);
      return [name, samples[Math.floor(samples.length / 2)]];
    }));
    const loadBefore = load();
    const results = measure(cases, runs);
    const base = results.get(BASELINE.name);
    const probe = join(scanDir, 'cpu-probe.cjs');
    writeFileSync(probe, CPU_PROBE);
    const large = cases.filter((c) => c.factor === 16).map((c) => [c.generator, c.args[c.args.indexOf('--root') + 1]]);
    const formats = byFormat(large, probe, runs);
    const when = coldWhen(large, probe, runs, scanDir);
    const lines = [
      `Whole \`memdex check\` processes on one generated decision file; 1× = 62.5 kB, 16× = 1 MB (1,000,000 bytes). Median of ${runs} runs; \`node -e 0\`: ${base.toFixed(1)} ms.`,
      '',
      'The scanner column is the block scanner alone (src/model/block-scan.ts), in process, on the 1 MB input.',
      '',
      '| input | 1× ms | 4× ms | 16× ms | ms per MB at 16× | t(16×)/t(1×) (≤ 20) | 1 MB < 2 s | scanner ms per MB |',
      '|---|---:|---:|---:|---:|---:|---|---:|',
    ];
    for (const name of Object.keys(PATHOLOGICAL)) {
      const t = FACTORS.map((f) => results.get(`${name} ×${f}`));
      const ratio = t[2] / t[0];
      const perMb = t[2] / ((UNIT * 16) / 1e6);
      lines.push(
        `| ${name} | ${t[0].toFixed(0)} | ${t[1].toFixed(0)} | ${t[2].toFixed(0)} | ${perMb.toFixed(0)} | ${ratio.toFixed(1)} ${ratio <= MAX_RATIO ? '' : '**no**'} | ${t[2] < MAX_MS_PER_MB ? 'yes' : '**no**'} | ${(scan.get(name) / ((UNIT * 16) / 1e6)).toFixed(0)} |`,
      );
    }
    lines.push('', formats, '', when, '', `Load average (1 min) on this machine: ${loadBefore} when the first table started, ${load()} when the second ended.`);
    return lines.join('\n');
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await benchLinear(Number(process.env.RUNS ?? 3))}\n`);
