// The full CLI's start (issue 24: `npm test` spends about two thirds of its CPU in memdex processes, most of them
// commands that are not per call): `--version`, `--help`, `init`, `doctor`, `uninstall`, ... each in a fresh git
// repository, as the tests run them. Per process CPU (user + sys) from `process.cpuUsage()` at exit, written by a
// preload (the same one for `node -e 0`, so it cancels out): microseconds, not /proc's 10 ms ticks, so the median of
// a case means something. Interleaved run by run with `node -e 0`.
//   BENCH=cli-start node bench/run.mjs
//   CLI_BEFORE=/path/to/other/checkout/bin/memdex.cjs BENCH=cli-start node bench/run.mjs   (before/after columns)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './measure.mjs';

export const TITLE = "The full CLI's start: commands that are not per call (issue 24, the suite's time)";

/** [name, argv, repository: 'empty' (git init) | 'initialised' (git init + memdex init), expected exit]. */
const CASES = [
  ['--version', ['--version'], 'empty', 0],
  ['--help', ['--help'], 'empty', 0],
  ['doctor --help', ['doctor', '--help'], 'empty', 0],
  ['check --help', ['check', '--help'], 'empty', 0],
  ['init', ['init'], 'empty', 0],
  ['doctor', ['doctor'], 'initialised', 1], // 1: husky is not installed in a bare repository
  ['uninstall', ['uninstall'], 'initialised', 0],
  ['rules', ['rules'], 'initialised', 0],
  ['relevance tags', ['relevance', 'tags'], 'initialised', 0],
  ['playbook show', ['playbook', 'show'], 'initialised', 0],
  ['check (per call)', ['check'], 'initialised', 0],
];

export function benchCliStart(runs) {
  const work = mkdtempSync(join(tmpdir(), 'memdex-bench-cli-start-'));
  const out = join(work, 'cpu');
  const preload = join(work, 'cpu.cjs');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(out)}, String((process.cpuUsage().user + process.cpuUsage().system) / 1000) + '\\n'));\n`);
  const clis = [['now', CLI], ...(process.env.CLI_BEFORE ? [['before', process.env.CLI_BEFORE]] : [])];
  const cpuOf = (args, cwd, expected, what) => {
    writeFileSync(out, '');
    const r = spawnSync(process.execPath, ['--require', preload, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', MEMDEX_LEARN: '0', CLAUDE_PROJECT_DIR: '', MEMDEX_CACHE_DIR: join(cwd, '.memdex-cache') } });
    if (r.status !== expected) throw new Error(`${what}: exit ${r.status}, expected ${expected}: ${r.stderr.slice(0, 300)}`);
    return Number(readFileSync(out, 'utf8').trim().split('\n').pop());
  };
  const repo = (kind, cli) => {
    const dir = mkdtempSync(join(work, 'repo-'));
    execFileSync('git', ['init', '-q'], { cwd: dir });
    if (kind === 'initialised') cpuOf([cli, 'init'], dir, 0, 'init');
    return dir;
  };
  const samples = new Map();
  const add = (key, value) => samples.set(key, [...(samples.get(key) ?? []), value]);
  for (let i = 0; i <= runs; i++) {
    const base = cpuOf(['-e', '0'], work, 0, 'node -e 0');
    if (i > 0) add('node -e 0', base); // run 0 warms the file cache
    for (const [name, argv, kind, expected] of CASES) {
      for (const [label, cli] of clis) {
        const dir = repo(kind, cli);
        const cpu = cpuOf([cli, ...argv], dir, expected, name);
        rmSync(dir, { recursive: true, force: true });
        if (i > 0) add(`${name}\0${label}`, cpu);
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(samples.get('node -e 0'));
  const head = clis.length === 2 ? '| command | CPU ms before | × `node -e 0` | CPU ms now | × `node -e 0` | saved ms |' : '| command | median CPU ms | × `node -e 0` | beyond `node -e 0` ms |';
  const lines = [`Median CPU (user + sys) of ${runs} runs per case, interleaved; \`node -e 0\`: ${base.toFixed(1)} ms.`, '', head, head.replace(/[^|]+/g, '---:').replace('---:', '---')];
  for (const [name] of CASES) {
    const now = median(samples.get(`${name}\0now`));
    if (clis.length === 2) {
      const before = median(samples.get(`${name}\0before`));
      lines.push(`| ${name} | ${before.toFixed(1)} | ${(before / base).toFixed(2)} | ${now.toFixed(1)} | ${(now / base).toFixed(2)} | ${(before - now).toFixed(1)} |`);
    } else lines.push(`| ${name} | ${now.toFixed(1)} | ${(now / base).toFixed(2)} | ${(now - base).toFixed(1)} |`);
  }
  return lines.join('\n');
}
