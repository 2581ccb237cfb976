/**
 * memdex adopted in repositories of several shapes, from the packed tarball, with
 * the real git (issue 23): a plain npm project, one whose husky pre-commit ends in
 * `exit 0`, a repository that is not a Node project (memdex installed globally: on
 * PATH), npm, pnpm and yarn workspaces with the memory tree in a package,
 * the pre-commit framework and lefthook (the real pnpm, yarn 1 and lefthook from npm, cached). In each: `init`,
 * `doctor` (exit 0), a commit that breaks the memory (blocked, the finding first), a
 * clean commit (passes), the commands init wrote failing open with one line when
 * memdex is not there, and `memdex uninstall`: the repository byte-equal to what it
 * was before `init` (every file's bytes and mode, `.git/config` and `.git/hooks`
 * included) but for the memory files.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPacked } from '../helpers/install-packed.js';
import { cachedTool, linkLefthook } from '../helpers/cached-tool.js';
import { freshRepo, packedOnce, userManifest, type Packed, type Repo } from './packed.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-shapes-'));
let packed: Packed;

beforeAll(() => {
  packed = packedOnce();
}, 600_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface DoctorJson {
  readonly results: readonly { check: string; status: string; message: string; fix?: string }[];
  readonly exitCode: number;
}

/** `memdex doctor --format json`, by the memdex the repository uses. */
function doctor(repo: Repo, memdex: string, args: readonly string[] = []): DoctorJson & { status: number | null } {
  const result = repo.run(memdex, ['doctor', '--format', 'json', ...args]);
  return { ...(JSON.parse(result.stdout) as DoctorJson), status: result.status };
}

const problems = (report: DoctorJson) => report.results.filter((r) => r.status === 'problem').map((r) => r.message);
const message = (report: DoctorJson, check: string) => report.results.find((r) => r.check === check)?.message;

/** Commits everything staged and unstaged; returns the exit status and what git and the hook printed. */
function commitAll(repo: Repo, text: string): { status: number | null; output: string } {
  repo.git(['add', '-A']);
  const commit = repo.git(['commit', '-qm', text]);
  return { status: commit.status, output: `${commit.stdout}${commit.stderr}` };
}

/** An index entry whose heading does not exist: an error, named at its line. */
function breakIndex(repo: Repo, index: string): void {
  repo.write(index, `${readFileSync(join(repo.dir, index), 'utf8')}/when a ghost entry\n`);
}

/** The first line of the hook's output that is not the user's own: memdex's finding, not a warning or a banner. */
function firstMemdexLine(output: string): string {
  return output.split('\n').find((line) => line.trim() !== '' && !line.startsWith('user hook')) ?? '';
}

/** The finding a broken index gives. */
const GHOST = /agents\/memory-index\.md:\d+:1 +error +Entry `\/when a ghost entry` has no heading/;

/** A clean commit passes; one that breaks the index is refused, the finding first (after the user's own hook line, if given); then undone. */
function guardsCommits(repo: Repo, index: string, userLine?: string): void {
  expect(commitAll(repo, 'Set up memdex').status).toBe(0);
  breakIndex(repo, index);
  const blocked = commitAll(repo, 'break');
  expect([blocked.status, userLine === undefined ? userLine : blocked.output.split('\n')[0]]).toEqual([1, userLine]);
  expect(firstMemdexLine(blocked.output)).toMatch(GHOST);
  repo.git(['reset', '-q', '--hard']);
}

/** A Claude Code hook command from the settings, run by sh as the client runs it (CLAUDE_PROJECT_DIR, the payload on stdin). */
function runHook(repo: Repo, settingsFile: string, event: string, root: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const settings = JSON.parse(readFileSync(join(repo.dir, settingsFile), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  const command = settings.hooks[event]!.at(-1)!.hooks[0]!.command;
  const payload = JSON.stringify({ session_id: 's1', hook_event_name: event, cwd: root, transcript_path: '', source: 'startup' });
  const run = spawnSync('sh', ['-c', command], { cwd: root, input: payload, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_LEARN: '0', ...env }, timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The memory files (any tree in the repository): what uninstall leaves and the comparison skips. */
const MEMORY = /(^|\/)(agents\/|\.claude\/playbook\.json$)/;

/**
 * Every file of the repository but node_modules, git's objects and history, and the memory: its sha256 and
 * whether it is executable. Of `.git`, what a setup changes: `config` (core.hooksPath) and `hooks/`.
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative)).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      if (path === 'node_modules' || path.endsWith('/node_modules') || MEMORY.test(path)) continue;
      if (path === '.git') {
        out['.git/config'] = hashOf(join(dir, '.git/config'));
        walk('.git/hooks');
        continue;
      }
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out[path] = hashOf(join(dir, path));
    }
  };
  walk('');
  return out;
}

function hashOf(file: string): string {
  return `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${(statSync(file).mode & 0o111) !== 0 ? 'x' : '-'}`;
}

/** `memdex uninstall` by the memdex the repository uses: exit 0, its closing line, and the repository as `before` but for the memory files. */
function leavesAsItCame(repo: Repo, memdex: string, before: Record<string, string>, args: readonly string[] = []): void {
  const uninstall = repo.run(memdex, ['uninstall', ...args]);
  expect([uninstall.status, uninstall.stderr, uninstall.stdout.trim().split('\n').at(-1)]).toEqual([0, '', expect.stringMatching(/^memdex is uninstalled; the memory \(/)]);
  expect(snapshot(repo.dir)).toEqual(before);
}

describe('a plain npm project', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo(join(temp, 'plain'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n' }, '');
  }, 300_000);

  test('init, doctor exit 0, a broken memory commit blocked with the finding first, a clean one passes; without memdex installed the hooks and the check say so and let work go on; uninstall (--dry-run first) leaves it as it came', () => {
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain("the hooks, skills and pre-commit check run node_modules/.bin/memdex (the project's)");
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, problems(report)]).toEqual([0, []]);
    guardsCommits(repo, 'agents/memory-index.md');

    // A fresh clone before `npm install` (here: node_modules moved away): one line each, nothing blocked or failed.
    renameSync(join(repo.dir, 'node_modules'), join(repo.dir, 'node_modules.away'));
    try {
      const hook = runHook(repo, '.claude/settings.json', 'SessionStart', repo.dir);
      expect(hook).toEqual({ status: 0, stdout: '', stderr: 'memdex: not installed in this project (run npm install): hook session-start skipped\n' });
      repo.write('agents/decisions/memory.md', `${readFileSync(join(repo.dir, 'agents/decisions/memory.md'), 'utf8')}\nOne more line.\n`);
      expect(commitAll(repo, 'memory without memdex')).toEqual({ status: 0, output: 'memdex: not installed in this project (run npm install): the memory check is skipped\n' });
    } finally {
      renameSync(join(repo.dir, 'node_modules.away'), join(repo.dir, 'node_modules'));
    }
    expect(runHook(repo, '.claude/settings.json', 'SessionStart', repo.dir).status).toBe(0);

    const installed = snapshot(repo.dir);
    const dryRun = repo.memdex(['uninstall', '--dry-run']);
    expect([dryRun.status, dryRun.stdout.split('\n')[0]]).toEqual([0, 'dry run: nothing was changed; what uninstall would remove:']);
    expect(dryRun.stdout).toContain('would remove .claude/skills/when/SKILL.md (the skill memdex installed)\n');
    expect(dryRun.stdout).toContain('would run: git config --unset core.hooksPath\n');
    expect(snapshot(repo.dir)).toEqual(installed);
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
  }, 240_000);
});

describe('husky already set up, its pre-commit ending in `exit 0` (issue 27 item 10)', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo(join(temp, 'husky-exit'), packed.tarball, 'module', { '.gitignore': 'node_modules/\n', '.husky/pre-commit': 'echo "user hook ran"\nexit 0\n' }, '');
    chmodSync(join(repo.dir, '.husky/pre-commit'), 0o755);
  }, 300_000);

  test("init puts the check above the user's exit; doctor exit 0; the broken commit is blocked after the user's own line; a clean one passes; uninstall leaves it as it came", () => {
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    const hook = readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8');
    expect(hook.startsWith('echo "user hook ran"\n# memdex: ')).toBe(true);
    expect(hook.endsWith('fi\n\nexit 0\n')).toBe(true);
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, problems(report), message(report, 'pre-commit')]).toEqual([0, [], 'pre-commit: .husky/pre-commit runs memdex check --staged']);
    guardsCommits(repo, 'agents/memory-index.md', 'user hook ran');

    // What an earlier init left (its block after the exit) is named by doctor, and moved by init.
    repo.write('.husky/pre-commit', `echo "user hook ran"\nexit 0\n\n${hook.slice('echo "user hook ran"\n'.length, hook.indexOf('\nexit 0\n'))}`);
    const hidden = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect(problems(hidden)).toEqual(['pre-commit: .husky/pre-commit:2:1: `exit 0` ends the script before memdex check --staged, which never runs']);
    expect(repo.memdex(['init']).stdout).toContain('updated .husky/pre-commit: appended the memdex check');
    expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toBe(hook);
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
  }, 240_000);
});

describe('a repository that is not a Node project, memdex installed globally (issue 23 item 4)', () => {
  let repo: Repo;
  let globalBin: string;
  beforeAll(() => {
    const prefix = join(temp, 'global-prefix');
    mkdirSync(prefix, { recursive: true });
    // A global install's prefix: memdex under node_modules, its bin on PATH. The manifest is the one the other
    // repositories install into, so the copy comes from the run's install of it (installPacked: one npm install per manifest).
    writeFileSync(join(prefix, 'package.json'), userManifest('commonjs'));
    installPacked(prefix, packed.tarball);
    globalBin = join(prefix, 'node_modules/.bin');
    repo = freshRepo(join(temp, 'no-node'), packed.tarball, 'commonjs', {}, globalBin);
    // Not a Node project: no package.json, no node_modules.
    rmSync(join(repo.dir, 'package.json'));
    rmSync(join(repo.dir, 'package-lock.json'), { force: true });
    rmSync(join(repo.dir, 'node_modules'), { recursive: true });
  }, 300_000);

  test('init writes `memdex` on PATH into the hooks, skills, pre-commit and workflow; doctor exit 0; commits blocked and passed; off PATH, the hook and the check say so; uninstall leaves it as it came', () => {
    const before = snapshot(repo.dir);
    const init = repo.run('memdex', ['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain('the hooks, skills and pre-commit check run memdex on PATH (a global install)');
    const settings = readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8');
    expect(settings).not.toContain('node_modules');
    expect(readFileSync(join(repo.dir, '.claude/skills/when/SKILL.md'), 'utf8')).toContain("\nmemdex when - 2>&1 <<'MEMDEX_QUERY'\n");
    expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toContain('  if command -v memdex >/dev/null 2>&1; then\n    memdex check --staged --quiet || exit 1\n');
    const workflowText = readFileSync(join(repo.dir, '.github/workflows/memdex.yml'), 'utf8');
    expect(workflowText).toContain('- run: npm install --global memdex\n');
    expect(workflowText).not.toContain('npm ci');
    const report = doctor(repo, 'memdex');
    expect([report.status, problems(report), message(report, 'command')]).toEqual([0, [], expect.stringMatching(/^command: memdex on PATH runs from the hook's shell \(memdex \d/)]);
    guardsCommits(repo, 'agents/memory-index.md');
    expect(runHook(repo, '.claude/settings.json', 'SessionStart', repo.dir, { PATH: `${globalBin}:${process.env.PATH}` }).status).toBe(0);
    // Off PATH (uninstalled): one line, exit 0, and the commit goes through.
    const path = (process.env.PATH ?? '').split(':').filter((dir) => !existsSync(join(dir, 'memdex'))).join(':');
    expect(runHook(repo, '.claude/settings.json', 'SessionEnd', repo.dir, { PATH: path })).toEqual({ status: 0, stdout: '', stderr: expect.stringMatching(/^memdex: not on PATH \(install it: .*\): hook session-end skipped\n$/) });
    breakIndex(repo, 'agents/memory-index.md');
    repo.git(['add', '-A']);
    const passed = repo.run('git', ['commit', '-qm', 'without memdex'], { PATH: path });
    expect([passed.status, passed.stderr]).toEqual([0, expect.stringMatching(/^memdex: not on PATH \(install it: .*\): the memory check is skipped\n$/)]);
    leavesAsItCame(repo, 'memdex', before);
  }, 240_000);
});

describe('an npm workspace with the memory tree in a package (issue 23 item 5)', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo(join(temp, 'workspace'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', 'packages/app/package.json': '{ "name": "app", "version": "1.0.0" }\n' }, '');
    const root = JSON.parse(readFileSync(join(repo.dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    repo.write('package.json', `${JSON.stringify({ ...root, workspaces: ['packages/*'] }, null, 2)}\n`);
  }, 300_000);

  test("init --root packages/app: commands call the workspace root's memdex, .husky/ and the workflow at the repository's top; doctor exit 0; commits blocked and passed; uninstall leaves it as it came", () => {
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init', '--root', 'packages/app']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain("run ../../node_modules/.bin/memdex (the project's)");
    const settings = JSON.parse(readFileSync(join(repo.dir, 'packages/app/.claude/settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(settings.hooks.SessionStart![0]!.hooks[0]!.command).toMatch(/^\[ -x "\$CLAUDE_PROJECT_DIR"\/\.\.\/\.\.\/node_modules\/\.bin\/memdex \] && exec /);
    expect(existsSync(join(repo.dir, 'packages/app/.husky'))).toBe(false);
    expect(existsSync(join(repo.dir, 'packages/app/.github'))).toBe(false);
    expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toContain("    ./node_modules/.bin/memdex check --staged --quiet --root 'packages/app' || exit 1\n");
    expect(repo.git(['config', 'core.hooksPath']).stdout.trim()).toBe('.husky');
    expect(readFileSync(join(repo.dir, '.github/workflows/memdex.yml'), 'utf8')).toContain('        working-directory: packages/app\n');
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'), ['--root', 'packages/app']);
    expect([report.status, problems(report), message(report, 'command')]).toEqual([0, [], expect.stringMatching(/^command: \.\.\/\.\.\/node_modules\/\.bin\/memdex runs from the hook's shell/)]);
    expect(runHook(repo, 'packages/app/.claude/settings.json', 'SessionStart', join(repo.dir, 'packages/app')).status).toBe(0);
    guardsCommits(repo, 'packages/app/agents/memory-index.md');
    expect(repo.memdex(['init', '--root', 'packages/app']).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before, ['--root', 'packages/app']);
  }, 240_000);
});

describe('pnpm and yarn workspaces with the memory tree in a package (issue 23 item 5)', () => {
  const managers = [
    { name: 'pnpm', spec: 'pnpm', files: { 'pnpm-workspace.yaml': 'packages:\n  - packages/*\n' }, workspaces: false, add: ['--dir', 'packages/app', 'add', '--save-dev'], tarball: (t: string) => t, lock: 'pnpm-lock.yaml', install: 'npm install --global pnpm && pnpm install --frozen-lockfile' },
    { name: 'yarn', spec: 'yarn@1', files: {}, workspaces: true, add: ['--cwd', 'packages/app', 'add', '--dev'], tarball: (t: string) => `file:${t}`, lock: 'yarn.lock', install: 'yarn install --frozen-lockfile' },
  ] as const;
  for (const manager of managers) {
    const tool = cachedTool(manager.name, manager.spec);
    const maybe = 'bin' in tool ? test : test.skip;
    if ('reason' in tool) console.log(`${manager.name} is not installable (${tool.reason}): its repository shape is skipped`);
    maybe(`${manager.name}: memdex added to the package; init --root packages/app: commands call the memdex ${manager.name} linked into the package, .husky/ and the workflow (${manager.name} install) at the top; doctor exit 0; commits blocked and passed; uninstall leaves it as it came`, () => {
      const { bin } = tool as { bin: string };
      const repo = freshRepo(join(temp, manager.name), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', 'packages/app/package.json': '{ "name": "app", "version": "1.0.0" }\n', ...manager.files }, bin);
      // Nothing of npm's: the package manager installs memdex into the package.
      rmSync(join(repo.dir, 'node_modules'), { recursive: true });
      rmSync(join(repo.dir, 'package-lock.json'), { force: true });
      const manifest = JSON.parse(userManifest('commonjs')) as Record<string, unknown>;
      repo.write('package.json', `${JSON.stringify(manager.workspaces ? { ...manifest, workspaces: ['packages/*'] } : manifest, null, 2)}\n`);
      const add = repo.run(manager.name, [...manager.add, manager.tarball(packed.tarball)]);
      expect([add.status, add.status === 0 ? '' : add.stderr]).toEqual([0, '']);
      const memdex = join(repo.dir, 'packages/app/node_modules/.bin/memdex');
      expect([existsSync(memdex), existsSync(join(repo.dir, manager.lock))]).toEqual([true, true]);
      const before = snapshot(repo.dir);
      const init = repo.run(memdex, ['init', '--root', 'packages/app']);
      expect([init.status, init.stderr]).toEqual([0, '']);
      expect(init.stdout).toContain("run node_modules/.bin/memdex (the project's)");
      expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toContain("    ./packages/app/node_modules/.bin/memdex check --staged --quiet --root 'packages/app' || exit 1\n");
      const workflowText = readFileSync(join(repo.dir, '.github/workflows/memdex.yml'), 'utf8');
      expect([workflowText.includes(`      - run: ${manager.install}\n`), workflowText.includes('        working-directory: packages/app\n')]).toEqual([true, true]);
      const report = doctor(repo, memdex, ['--root', 'packages/app']);
      expect([report.status, problems(report), message(report, 'command')]).toEqual([0, [], expect.stringMatching(/^command: node_modules\/\.bin\/memdex runs from the hook's shell/)]);
      expect(runHook(repo, 'packages/app/.claude/settings.json', 'SessionStart', join(repo.dir, 'packages/app')).status).toBe(0);
      guardsCommits(repo, 'packages/app/agents/memory-index.md');
      leavesAsItCame(repo, memdex, before, ['--root', 'packages/app']);
    }, 240_000);
  }
});

describe("hooks of the user's own: core.hooksPath, or a hook in .git/hooks (issue 23 item 3)", () => {
  test.each([
    ['core.hooksPath githooks/', 'githooks/pre-commit', (repo: Repo) => repo.git(['config', 'core.hooksPath', 'githooks'])],
    ['an existing .git/hooks/pre-commit', '.git/hooks/pre-commit', () => undefined],
  ] as const)('%s: init adds one marked block to %s (core.hooksPath left as it is); doctor exit 0; commits blocked and passed; a second init changes nothing; uninstall leaves it as it came', (name, hookFile, setUp) => {
    const repo = freshRepo(join(temp, name.replace(/\W+/g, '-')), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n' }, '');
    setUp(repo);
    repo.write(hookFile, '#!/bin/sh\necho "user hook ran"\n');
    chmodSync(join(repo.dir, hookFile), 0o755);
    const hooksPathBefore = repo.git(['config', 'core.hooksPath']).stdout;
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain(`updated ${hookFile}: appended the memdex check`);
    expect(existsSync(join(repo.dir, '.husky'))).toBe(false);
    expect(repo.git(['config', 'core.hooksPath']).stdout).toBe(hooksPathBefore);
    const hook = readFileSync(join(repo.dir, hookFile), 'utf8');
    expect(hook.startsWith('#!/bin/sh\necho "user hook ran"\n\n# memdex: ')).toBe(true);
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, problems(report), message(report, 'pre-commit')]).toEqual([0, [], `pre-commit: ${hookFile} runs memdex check --staged`]);
    guardsCommits(repo, 'agents/memory-index.md', 'user hook ran');
    expect(repo.memdex(['init']).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
    expect(readFileSync(join(repo.dir, hookFile), 'utf8')).toBe(hook);
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
  }, 240_000);
});

describe('the pre-commit framework (pre-commit.com) in use (issue 23 item 3)', () => {
  const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  const maybe = preCommit.status === 0 ? test : test.skip;
  if (preCommit.status !== 0) console.log('pre-commit (pre-commit.com) is not on PATH: its repository shape is skipped');
  maybe('init adds memdex as a local hook to .pre-commit-config.yaml (comments kept), runs pre-commit install, writes no husky; doctor exit 0; commits blocked and passed; uninstall (pre-commit uninstall too) leaves it as it came', () => {
    const config = '# the team\'s hooks\nrepos:\n  - repo: local\n    hooks:\n      - id: no-tabs\n        name: no tabs\n        entry: "\\t"\n        language: pygrep\n        types: [markdown]\n';
    const repo = freshRepo(join(temp, 'framework'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', '.pre-commit-config.yaml': config }, '');
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain('updated .pre-commit-config.yaml: added memdex as a local hook (memdex check --staged)');
    expect(init.stdout).toContain('ran pre-commit install');
    expect(existsSync(join(repo.dir, '.husky'))).toBe(false);
    expect(repo.git(['config', 'core.hooksPath']).stdout).toBe('');
    const written = readFileSync(join(repo.dir, '.pre-commit-config.yaml'), 'utf8');
    expect(written.startsWith(config)).toBe(true);
    expect(written.slice(config.length)).toBe(
      '  - repo: local\n    hooks:\n      - id: memdex\n        name: memdex check (memory index, decision files, playbook)\n        entry: ./node_modules/.bin/memdex check --staged --quiet\n        language: system\n        pass_filenames: false\n        always_run: true\n',
    );
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, problems(report), message(report, 'pre-commit')]).toEqual([0, [], 'pre-commit: .pre-commit-config.yaml runs memdex check --staged']);
    expect(commitAll(repo, 'Set up memdex').status).toBe(0);
    breakIndex(repo, 'agents/memory-index.md');
    const blocked = commitAll(repo, 'break');
    expect(blocked.status).toBe(1);
    expect(blocked.output).toMatch(/agents\/memory-index\.md:\d+:1 +error +Entry `\/when a ghost entry` has no heading/);
    repo.git(['reset', '-q', '--hard']);
    expect(repo.memdex(['init']).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
  }, 240_000);
});

describe('lefthook in use (issue 23 item 3)', () => {
  const lefthook = cachedTool('lefthook', 'lefthook@2');
  const maybe = 'dir' in lefthook ? test : test.skip;
  if ('reason' in lefthook) console.log(`lefthook is not installable (${lefthook.reason}): its repository shape is skipped`);
  maybe("init adds memdex's command to lefthook.yml (its text kept), runs the project's lefthook install, writes no husky; doctor exit 0; commits blocked (the finding first) and passed; a second init changes nothing; uninstall (lefthook uninstall too) leaves it as it came", () => {
    const config = '# the team\'s hooks\npre-commit:\n  commands:\n    lint:\n      run: echo "user lint ran"\n\npre-push:\n  commands:\n    test:\n      run: echo "user test ran"\n';
    const repo = freshRepo(join(temp, 'lefthook'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', 'lefthook.yml': config }, '');
    linkLefthook(repo.dir, (lefthook as { dir: string }).dir);
    const before = snapshot(repo.dir);
    const init = repo.memdex(['init']);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain('updated lefthook.yml: added the memdex command to pre-commit (memdex check --staged)');
    expect(init.stdout).toContain('ran ./node_modules/.bin/lefthook install');
    expect(existsSync(join(repo.dir, '.husky'))).toBe(false);
    expect(repo.git(['config', 'core.hooksPath']).stdout).toBe('');
    expect(readFileSync(join(repo.dir, 'lefthook.yml'), 'utf8')).toBe(config.replace('\n\npre-push', '\n    memdex:\n      run: ./node_modules/.bin/memdex check --staged --quiet\n\npre-push'));
    expect(readFileSync(join(repo.dir, '.git/hooks/pre-commit'), 'utf8')).toContain('call_lefthook');
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, problems(report), message(report, 'pre-commit')]).toEqual([0, [], 'pre-commit: lefthook.yml runs memdex check --staged']);
    expect(commitAll(repo, 'Set up memdex').status).toBe(0);
    breakIndex(repo, 'agents/memory-index.md');
    const blocked = commitAll(repo, 'break');
    expect(blocked.status).toBe(1);
    // lefthook prints each command's output under its name: memdex's starts with the finding.
    const memdexPart = blocked.output.split('\n').slice(blocked.output.split('\n').findIndex((line) => /memdex ❯/.test(line)) + 1);
    expect(memdexPart.find((line) => line.trim() !== '')).toMatch(GHOST);
    repo.git(['reset', '-q', '--hard']);
    expect(repo.memdex(['init']).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
    const uninstall = repo.memdex(['uninstall', '--dry-run']).stdout;
    expect(uninstall).toContain('-    memdex:\n-      run: ./node_modules/.bin/memdex check --staged --quiet\n');
    expect(uninstall).toContain('would run: ./node_modules/.bin/lefthook uninstall\n');
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
    expect(existsSync(join(repo.dir, '.git/hooks/pre-commit'))).toBe(false);
  }, 240_000);
});

describe('a memory tree that already has errors (issue 23 item 2)', () => {
  test('init says how many errors the hook will refuse and offers the baseline; init --baseline records them; doctor exit 0 with its size; old errors pass, a new one is blocked; uninstall (the baseline too) leaves it as it came', () => {
    const repo = freshRepo(join(temp, 'findings'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n' }, '');
    const before = snapshot(repo.dir);
    expect(repo.memdex(['init', '--no-ci']).status).toBe(0);
    breakIndex(repo, 'agents/memory-index.md');
    repo.git(['add', '-A']);
    expect(repo.git(['commit', '-qm', 'a tree with an error', '--no-verify']).status).toBe(0);
    rmSync(join(repo.dir, '.husky'), { recursive: true });
    repo.git(['config', '--unset', 'core.hooksPath']);

    const init = repo.memdex(['init', '--no-ci']);
    expect(init.status).toBe(0);
    expect(init.stdout).toContain(
      'the memory tree has 1 error (memdex check lists them): the pre-commit hook will refuse memory commits until they are fixed; to adopt it as it is, record them: npx memdex baseline (or run init with --baseline)',
    );
    const adopt = repo.memdex(['init', '--no-ci', '--baseline']);
    expect(adopt.stdout).toContain('recorded 1 error in 1 file in memdex-baseline.json: memdex check now reports only new errors');
    const report = doctor(repo, join(repo.dir, 'node_modules/.bin/memdex'));
    expect([report.status, message(report, 'baseline')]).toEqual([0, 'baseline: memdex-baseline.json records 1 error in 1 file: check reports only new ones']);
    repo.write('agents/decisions/memory.md', `${readFileSync(join(repo.dir, 'agents/decisions/memory.md'), 'utf8')}\nOne more line.\n`);
    expect(commitAll(repo, 'adopt memdex').status).toBe(0);
    repo.write('agents/memory-index.md', `${readFileSync(join(repo.dir, 'agents/memory-index.md'), 'utf8')}/when another ghost\n`);
    const blocked = commitAll(repo, 'a new error');
    expect(blocked.status).toBe(1);
    // The baseline's note says why a recorded error shows again, then the findings.
    expect(firstMemdexLine(blocked.output)).toBe('memdex: agents/memory-index.md: 2 errors of index/entry-has-heading, the baseline records 1: all of them are reported (fix the new one)');
    expect(blocked.output).toMatch(/agents\/memory-index\.md:\d+:1 +error +Entry `\/when another ghost` has no heading/);
    leavesAsItCame(repo, join(repo.dir, 'node_modules/.bin/memdex'), before);
  }, 240_000);
});
