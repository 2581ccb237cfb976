// The pre-commit hook `memdex init` installs: the time it adds to a one-file commit,
// `git commit` minus `git commit --no-verify` on the same change, as a ratio to
// `node -e 0` measured in the same run. Goal (issue 11): ≤ 3× for a commit that
// stages a memory file (memdex runs); a commit of another file costs one `git diff`.
// The repository: the example tree (fixtures/example) set up by `memdex init`,
// memdex linked in as node_modules/.bin/memdex.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI } from './measure.mjs';

export const TITLE = 'Pre-commit hook of `memdex init` (issue 11)';
const FIXTURE = fileURLToPath(new URL('../fixtures/example', import.meta.url));
const GOAL = 3;

function run(cwd, command, args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b', NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function repo() {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-bench-precommit-'));
  cpSync(FIXTURE, dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(CLI, join(dir, 'node_modules', '.bin', 'memdex'));
  run(dir, 'git', ['init', '-q']);
  run(dir, process.execPath, [CLI, 'init', '--no-claude', '--no-ci']);
  run(dir, 'git', ['add', '-A']);
  run(dir, 'git', ['commit', '-qm', 'init']);
  return dir;
}

/** One commit of a one-line change to `file`; the hook runs unless `noVerify`. */
function commit(dir, file, noVerify) {
  appendFileSync(join(dir, file), '\nOne more line.\n');
  run(dir, 'git', ['add', file]);
  return run(dir, 'git', ['commit', '-q', ...(noVerify ? ['--no-verify'] : []), '-m', 'change']);
}

export function benchPrecommit(runs) {
  const dir = repo();
  const cases = [
    ['memory file, `git commit --no-verify`', () => commit(dir, 'agents/decisions/testing.md', true)],
    ['memory file, `git commit` (hook: memdex check --staged)', () => commit(dir, 'agents/decisions/testing.md', false)],
    ['other file, `git commit --no-verify`', () => commit(dir, 'notes.txt', true)],
    ['other file, `git commit` (hook: one git diff)', () => commit(dir, 'notes.txt', false)],
    ['node -e 0', () => run(dir, process.execPath, ['-e', '0'])],
  ];
  appendFileSync(join(dir, 'notes.txt'), 'notes\n');
  for (const [, once] of cases) once(); // warm the file cache and memdex's caches
  const samples = new Map(cases.map(([name]) => [name, []]));
  for (let i = 0; i < runs; i++) for (const [name, once] of cases) samples.get(name).push(once());
  rmSync(dir, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = new Map([...samples].map(([name, xs]) => [name, median(xs)]));
  const base = ms.get('node -e 0');
  const lines = ['| case | median ms |', '|---|---:|', ...[...ms].map(([name, m]) => `| ${name} | ${m.toFixed(1)} |`), ''];
  lines.push('| added by the hook | ms | × `node -e 0` | goal | met |', '|---|---:|---:|---|---|');
  for (const [label, verify, noVerify, goal] of [
    ['memory file staged', 'memory file, `git commit` (hook: memdex check --staged)', 'memory file, `git commit --no-verify`', true],
    ['other file staged', 'other file, `git commit` (hook: one git diff)', 'other file, `git commit --no-verify`', false],
  ]) {
    const added = ms.get(verify) - ms.get(noVerify);
    const ratio = added / base;
    lines.push(`| ${label} | ${added.toFixed(1)} | ${ratio.toFixed(2)} | ${goal ? `≤ ${GOAL}×` : ''} | ${goal ? (ratio <= GOAL ? 'yes' : '**no**') : ''} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(`${benchPrecommit(Number(process.env.RUNS ?? 15))}\n`);
