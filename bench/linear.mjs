// Linear time on pathological markdown (issue 16 item 1): `memdex check` on one decision
// file from each generator of pathological.mjs at 1×, 4× and 16× of 64 kB (16× = 1 MB).
// Targets: t(16×)/t(1×) ≤ 20 for every generator; 1 MB checks in under 2 s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI, measure, BASELINE } from './measure.mjs';
import { PATHOLOGICAL } from './pathological.mjs';

const UNIT = 64 * 1024;
const FACTORS = [1, 4, 16];
const MAX_RATIO = 20;
const MAX_MS_PER_MB = 2000;

/** The heading scanners alone, in this process: the fast one, then the complete one when it declines. */
async function loadScanners(dir) {
  const outfile = join(dir, 'scanners.mjs');
  await build({ stdin: { contents: "export { scanHeadings } from './src/model/heading-scan.ts'; export { blockHeadings } from './src/model/block-scan.ts';", resolveDir: new URL('..', import.meta.url).pathname, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent' });
  return import(outfile);
}

function scanMs(scanners, text) {
  const started = performance.now();
  if (!scanners.scanHeadings(text.split('\n'))) scanners.blockHeadings(text);
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
    const results = measure(cases, runs);
    const base = results.get(BASELINE.name);
    const lines = [
      `Whole \`memdex check\` processes on one generated decision file; 1× = 64 kB, 16× = 1 MB. Median of ${runs} runs; \`node -e 0\`: ${base.toFixed(1)} ms.`,
      '',
      'The scanner column is the heading scan alone (fast scanner, then the complete one), in process, on the 1 MB input.',
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
    return lines.join('\n');
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await benchLinear(Number(process.env.RUNS ?? 3))}\n`);
