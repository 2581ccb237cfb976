// The full CLI's start (issue 24: `npm test` spends about two thirds of its CPU in memdex processes, most of them
// commands that are not per call): `--version`, `--help`, `init`, `doctor`, `uninstall`, ... each in a fresh git
// repository, as the tests run them. Per process CPU (user + sys) from `process.cpuUsage()` at exit, written by a
// preload (the same one for `node -e 0`, so it cancels out): microseconds, not /proc's 10 ms ticks, so the median of
// a case means something. Interleaved run by run with `node -e 0`. What the processes a command starts cost (git, the
// `memdex --version` doctor runs through the hook's shell) is not in that figure: the second figure of a case adds
// them, the CPU of the command's whole process tree from this process's cutime + cstime (/proc/self/stat, on Linux;
// clock ticks of 10 ms, so it is a mean over the runs, not a median).
//   BENCH=cli-start node bench/run.mjs
//   CLI_BEFORE=/path/to/other/checkout/bin/memdex.cjs BENCH=cli-start node bench/run.mjs   (before/after columns)
//   CLI_START_CACHE=shared BENCH=cli-start node bench/run.mjs   (the caches warm: see cacheOf)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './measure.mjs';

export const TITLE = "The full CLI's start: commands that are not per call (issue 24, the suite's time)";

/**
 * [name, argv, repository: 'empty' (git init) | 'initialised' (git init + memdex init), expected exit, stdin]. The
 * commands the suite runs most; some end in their first error (no transcripts for `recall`, no evaluator for
 * `relevance evaluate`, a missing option for `playbook update`): their start, which is what is measured here.
 */
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
  ['add --help', ['add', '--help'], 'initialised', 0],
  ['recall', ['recall'], 'initialised', 2],
  ['relevance evaluate', ['relevance', 'evaluate'], 'initialised', 2],
  ['playbook update', ['playbook', 'update'], 'initialised', 2],
  ['hook session-end', ['hook', 'session-end'], 'initialised', 0, '{"session_id":"bench"}'],
  ['mcp (stdin closed)', ['mcp'], 'initialised', 0, ''],
  ['check (per call)', ['check'], 'initialised', 0],
];

export function benchCliStart(runs) {
  const work = mkdtempSync(join(tmpdir(), 'memdex-bench-cli-start-'));
  const out = join(work, 'cpu');
  const preload = join(work, 'cpu.cjs');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(out)}, String((process.cpuUsage().user + process.cpuUsage().system) / 1000) + '\\n'));\n`);
  const clis = [['now', CLI], ...(process.env.CLI_BEFORE ? [['before', process.env.CLI_BEFORE]] : [])];
  const treeCpu = { last: 0 };
  // CLI_START_CACHE=shared: one cache folder per CLI for the whole run (V8's code of the bundles loaded through it is
  // warm after the first command, as for a user and for most of `npm test`, whose processes share one temp folder);
  // else one per repository (cold for its first command, as in a test that sets its own MEMDEX_CACHE_DIR; an
  // 'initialised' case finds what the `init` that set its repository up wrote).
  const shared = process.env.CLI_START_CACHE === 'shared';
  const cpuOf = (args, cwd, expected, what, input = '', cache = join(cwd, '.memdex-cache')) => {
    writeFileSync(out, '');
    treeCpu.last = -childrenMs();
    const r = spawnSync(process.execPath, ['--require', preload, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', MEMDEX_LEARN: '0', CLAUDE_PROJECT_DIR: '', MEMDEX_CACHE_DIR: cache } });
    treeCpu.last += childrenMs();
    if (r.status !== expected) throw new Error(`${what}: exit ${r.status}, expected ${expected}: ${r.stderr.slice(0, 300)}`);
    return Number(readFileSync(out, 'utf8').trim().split('\n').pop());
  };
  const cacheOf = (cli) => (shared ? join(work, `cache-${clis.findIndex(([, c]) => c === cli)}`) : undefined);
  const repo = (kind, cli) => {
    const dir = mkdtempSync(join(work, 'repo-'));
    execFileSync('git', ['init', '-q'], { cwd: dir });
    if (kind === 'initialised') cpuOf([cli, 'init'], dir, 0, 'init', '', cacheOf(cli));
    return dir;
  };
  const samples = new Map();
  const add = (key, value) => samples.set(key, [...(samples.get(key) ?? []), value]);
  const trees = new Map();
  for (let i = 0; i <= runs; i++) {
    const base = cpuOf(['-e', '0'], work, 0, 'node -e 0');
    if (i > 0) add('node -e 0', base); // run 0 warms the file cache
    for (const [name, argv, kind, expected, input] of CASES) {
      for (const [label, cli] of clis) {
        const dir = repo(kind, cli);
        const cpu = cpuOf([cli, ...argv], dir, expected, name, input, cacheOf(cli));
        rmSync(dir, { recursive: true, force: true });
        if (i > 0) add(`${name}\0${label}`, cpu);
        if (i > 0) trees.set(`${name}\0${label}`, [...(trees.get(`${name}\0${label}`) ?? []), treeCpu.last]);
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const tree = (key) => (trees.get(key)?.every((x) => Number.isFinite(x)) ? mean(trees.get(key)).toFixed(0) : 'n/a');
  const base = median(samples.get('node -e 0'));
  const head =
    clis.length === 2
      ? '| command | CPU ms before | × `node -e 0` | CPU ms now | × `node -e 0` | saved ms | with children before | with children now |'
      : '| command | median CPU ms | × `node -e 0` | beyond `node -e 0` ms | with children |';
  const lines = [
    `Median CPU (user + sys) of ${runs} runs per case, interleaved, ${shared ? 'one cache folder per CLI (warm)' : 'a cache folder per repository (cold for its first command)'}; \`node -e 0\`: ${base.toFixed(1)} ms. With children: the mean CPU ms of the process and those it started (git, sh, memdex --version).`,
    '',
    head,
    head.replace(/[^|]+/g, '---:').replace('---:', '---'),
  ];
  for (const [name] of CASES) {
    const now = median(samples.get(`${name}\0now`));
    if (clis.length === 2) {
      const before = median(samples.get(`${name}\0before`));
      lines.push(`| ${name} | ${before.toFixed(1)} | ${(before / base).toFixed(2)} | ${now.toFixed(1)} | ${(now / base).toFixed(2)} | ${(before - now).toFixed(1)} | ${tree(`${name}\0before`)} | ${tree(`${name}\0now`)} |`);
    } else lines.push(`| ${name} | ${now.toFixed(1)} | ${(now / base).toFixed(2)} | ${(now - base).toFixed(1)} | ${tree(`${name}\0now`)} |`);
  }
  return lines.join('\n');
}

/** CPU ms of this process's waited-for children and theirs (cutime + cstime of /proc/self/stat); NaN where there is no /proc. */
function childrenMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here; USER_HZ is 100.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}
