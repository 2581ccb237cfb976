/**
 * memdex as a user adopts it, from the packed tarball in fresh repositories: `memdex
 * init` in an empty repository and in ones with the user's own settings, lint-staged
 * config (ES module and CommonJS) and .gitignore; a second run changes nothing; `memdex
 * doctor` passes after init and names each piece broken; real commits through the hook
 * it installs. And the package itself: no install script. The tarball is the run's
 * (packedOnce); each repository gets a copy of what `npm install --save-dev <tarball>`
 * leaves for its package.json (installPacked: that npm install, run once a test run for
 * each package.json text, the empty repository's the same as the other suites'
 * CommonJS projects'). Issue 11's acceptance.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { fakeClaudeBin, freshRepo, packedOnce, type Packed, type Repo } from './packed.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-init-'));
let packed: Packed;
let claudeBin: string;

beforeAll(() => {
  packed = packedOnce();
  claudeBin = fakeClaudeBin(temp);
}, 600_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every file of the repository but .git and node_modules, with its text and mode. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (name === '.git' || name === 'node_modules') continue;
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), `${(statSync(path).mode & 0o777).toString(8)} ${readFileSync(path, 'utf8')}`);
    }
  };
  walk(dir);
  return files;
}

interface DoctorJson {
  readonly results: readonly { check: string; status: string; message: string; fix?: string }[];
  readonly exitCode: number;
}

/** Run from the installed package (not node_modules/.bin: one check removes that link). */
function doctor(repo: Repo, env: NodeJS.ProcessEnv = {}): DoctorJson & { status: number | null } {
  const result = repo.run(process.execPath, [join(repo.dir, 'node_modules/memdex/bin/memdex.cjs'), 'doctor', '--format', 'json'], env);
  expect(result.stderr).toBe('');
  return { ...(JSON.parse(result.stdout) as DoctorJson), status: result.status };
}

/** What this machine's `sh` says of a command it cannot find (dash and bash word it differently). */
function shellNotFound(path: string): string {
  return spawnSync('sh', ['-c', path], { encoding: 'utf8' }).stderr.trim();
}

function problems(report: DoctorJson): string[] {
  return report.results.filter((r) => r.status === 'problem').map((r) => r.message);
}

describe('the package npm packs', () => {
  test('npm pack prints only the tarball name, its package.json has no install script, and the checkout keeps its prepare', () => {
    expect(packed.packStdout.trim()).toMatch(/^memdex-[\d.]+\.tgz$/);
    const manifest = JSON.parse(execFileSync('tar', ['-xOzf', packed.tarball, 'package/package.json'], { encoding: 'utf8' })) as { scripts: Record<string, string>; files: string[]; repository: unknown; homepage: string };
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts[script]).toBeUndefined();
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.repository).toEqual({ type: 'git', url: expect.stringMatching(/github\.com/) });
    expect(readFileSync(join(packed.checkout, 'package.json'), 'utf8')).toBe(readFileSync(join(REPO, 'package.json'), 'utf8'));
    expect(existsSync(join(packed.checkout, 'package.json.prepack'))).toBe(false);
    const listed = execFileSync('tar', ['-tzf', packed.tarball], { encoding: 'utf8' }).split('\n');
    expect(listed).toEqual(expect.arrayContaining(['package/docs/github.md', 'package/.github/memdex-matcher.json', 'package/schemas/memdex.config.schema.json']));
  });
});

describe('an empty repository', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo(join(temp, 'empty'), packed.tarball, 'commonjs', {}, claudeBin);
  }, 120_000);

  test('init sets everything up, prints what it did and the next step; the tree is clean; doctor passes; a second run changes nothing', () => {
    const first = repo.memdex(['init']);
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toContain('created agents/memory-index.md\ncreated agents/decisions/memory.md\ncreated CLAUDE.md\ncreated memdex.config.json\ncreated .claude/settings.json\n');
    expect(first.stdout).toContain('set git config core.hooksPath .husky');
    expect(first.stdout).toMatch(/\nCLAUDE\.md loads agents\/memory-index\.md into every session \(about \d+ tokens, within index\/size-budget's 5000\)/);
    expect(first.stdout).toMatch(/\nNext: git add agents CLAUDE\.md memdex\.config\.json \.claude \.husky \.github \.gitignore && git commit -m "Set up memdex"\n$/);
    // A new setup: the prompt hook's pointers on, the index loaded and the choice recorded.
    expect(readFileSync(join(repo.dir, 'CLAUDE.md'), 'utf8')).toBe('@agents/memory-index.md\n');
    expect(JSON.parse(readFileSync(join(repo.dir, 'memdex.config.json'), 'utf8'))).toMatchObject({ suggest: { onPrompt: true }, rules: { 'index/in-context': { options: { loaded: true } } } });
    expect(repo.memdex(['check']).status).toBe(0);
    expect(repo.memdex(['when', 'adding a memory']).stdout).toContain('# When Adding a Memory');
    const report = doctor(repo);
    expect([report.status, problems(report)]).toEqual([0, []]);
    // The prompt hook's pointers are on, with their measured precision; turned off, doctor says so and how to turn them on.
    expect(report.results.find((r) => r.check === 'pointers')).toEqual({
      check: 'pointers',
      status: 'ok',
      message: expect.stringMatching(/^prompt hook pointers: on \(at most 1 a prompt, score ≥ 0\.45\); measured precision 0\.\d\d \(\d+ of \d+ pointers relevant, a pointer on \d+ of 15 plans: leave-one-out on the development plans, bench\/RESULTS\.md\); usage log: empty$/),
    });
    const configPath = join(repo.dir, 'memdex.config.json');
    const configText = readFileSync(configPath, 'utf8');
    writeFileSync(configPath, configText.replace('"onPrompt": true', '"onPrompt": false'));
    const off = doctor(repo);
    expect(off.status).toBe(0);
    expect(off.results.find((r) => r.check === 'pointers')).toMatchObject({ status: 'warning', fix: 'set "suggest": { "onPrompt": true } in memdex.config.json (docs/suggest.md)' });
    writeFileSync(configPath, configText);
    const before = snapshot(repo.dir);
    const second = repo.memdex(['init']);
    expect([second.status, second.stdout.trim().split('\n').at(-1)]).toEqual([0, 'nothing to do: memdex is set up']);
    expect(snapshot(repo.dir)).toEqual(before);
  }, 120_000);

  test('commits: a clean one passes; an orphaned entry, a renamed heading, a deleted decision file are blocked with file:line:col', () => {
    expect(repo.git(['add', '-A']).status).toBe(0);
    const clean = repo.git(['commit', '-qm', 'Set up memdex']);
    expect([clean.status, clean.stderr]).toEqual([0, expect.stringContaining('memory tree clean')]);
    const blocked = (change: () => void, message: RegExp) => {
      change();
      repo.git(['add', '-A']);
      const commit = repo.git(['commit', '-qm', 'change']);
      expect([commit.status, commit.stdout + commit.stderr]).toEqual([1, expect.stringMatching(message)]);
      repo.git(['reset', '-q', '--hard']);
    };
    const index = join(repo.dir, 'agents/memory-index.md');
    const decision = join(repo.dir, 'agents/decisions/memory.md');
    blocked(() => repo.write('agents/memory-index.md', `${readFileSync(index, 'utf8')}/when a ghost entry\n`), /agents\/memory-index\.md:16:1 +error +Entry `\/when a ghost entry` has no heading/);
    blocked(
      () => repo.write('agents/decisions/memory.md', readFileSync(decision, 'utf8').replace('### When Adding a Memory', '### When Writing a Memory')),
      /^(?=[\s\S]*agents\/memory-index\.md:15:1 +error +Entry `\/when adding a memory` has no heading)(?=[\s\S]*agents\/decisions\/memory\.md:7:1 +error +Heading `When Writing a Memory` has no index entry)/,
    );
    blocked(() => unlinkSync(decision), /agents\/memory-index\.md:13:1 +error +Section `## agents\/decisions\/memory\.md` names a file that does not exist/);
    repo.write('notes.txt', 'not memory\n');
    repo.git(['add', 'notes.txt']);
    expect(repo.git(['commit', '-qm', 'notes']).status).toBe(0);
  }, 120_000);

  test('doctor names each piece broken, and passes again once it is put back', () => {
    const settingsPath = '.claude/settings.json';
    const settings = readFileSync(join(repo.dir, settingsPath), 'utf8');
    /**
     * Pieces broken together, one doctor run a group (a run costs most of a second of CPU): the checks are
     * independent, so each piece gives exactly its own problem, and nothing else is reported. Pieces one check
     * reports (the pre-commit hook; an event's hook) are in different groups.
     */
    const broken = (pieces: readonly { label: string; breakIt: () => void; restore: () => void; expected: RegExp }[]) => {
      for (const piece of pieces) piece.breakIt();
      const report = doctor(repo);
      const found = problems(report);
      expect([report.status, found.length]).toEqual([1, pieces.length]);
      for (const piece of pieces) expect([piece.label, found.filter((problem) => piece.expected.test(problem))]).toEqual([piece.label, [expect.stringMatching(piece.expected)]]);
      for (const piece of pieces) piece.restore();
      return report;
    };
    type Settings = { hooks: Record<string, { hooks: { command: string; timeout?: number }[] }[]>; permissions: { allow: string[] } };
    /** The settings edits of one group, made to one copy of the file. */
    const editSettings = (...edits: ((s: Settings) => void)[]) => () => {
      const value = JSON.parse(settings) as Settings;
      for (const edit of edits) edit(value);
      repo.write(settingsPath, JSON.stringify(value));
    };
    const restoreSettings = () => repo.write(settingsPath, settings);
    const nothing = () => undefined;
    const skill = readFileSync(join(repo.dir, '.claude/skills/when/SKILL.md'), 'utf8');
    const hook = join(repo.dir, '.husky/pre-commit');
    const log = join(repo.dir, '.claude/memdex-hooks.log');
    const failed = { version: 1, items: {}, sessions: { s1: { shown: [], tags: [], firstSeenAt: '2026-11-23T05:00:00.000Z', updatedAt: '2026-11-23T05:00:00.000Z', status: 'failed', attempts: 1, evaluated: [], note: 'evaluator exited 2' } } };
    const bin = join(repo.dir, 'node_modules/.bin/memdex');
    const target = relative(join(repo.dir, 'node_modules/.bin'), join(repo.dir, 'node_modules/memdex/bin/memdex.cjs'));
    const outcomes = join(repo.dir, '.claude/memdex/learning.json');
    const failedRun = { at: '2026-11-23T06:00:00.000Z', step: 'extract', session: 's1', by: 'claude -p --model haiku', result: 'failed', detail: 'claude exited 1', retry: true };

    const first = broken([
      {
        label: 'hook removed (the same settings edit brings the next three)',
        breakIt: editSettings(
          (s) => delete s.hooks.SessionEnd,
          (s) => delete s.hooks.PreCompact![0]!.hooks[0]!.timeout,
          (s) => (s.hooks.SessionStart![0]!.hooks[0]!.command = 'memdex hook session-start'),
          (s) => (s.permissions.allow = []),
        ),
        restore: restoreSettings,
        expected: /^hook SessionEnd: `\[ -x "\$CLAUDE_PROJECT_DIR"\/node_modules\/\.bin\/memdex \] && exec "\$CLAUDE_PROJECT_DIR"\/node_modules\/\.bin\/memdex hook session-end; echo .* >&2` is not registered/,
      },
      { label: 'no timeout', breakIt: nothing, restore: nothing, expected: /^hook PreCompact: timeout unset .*expected 10 s$/ },
      { label: 'bare command', breakIt: nothing, restore: nothing, expected: /^hook SessionStart: runs `memdex hook session-start`, expected/ },
      { label: 'permissions', breakIt: nothing, restore: nothing, expected: /^skills: Skill\(when\), Skill\(how\), Skill\(remember\) missing from permissions\.allow/ },
      { label: 'skill', breakIt: () => unlinkSync(join(repo.dir, '.claude/skills/when/SKILL.md')), restore: () => repo.write('.claude/skills/when/SKILL.md', skill), expected: /^skill \.claude\/skills\/when\/SKILL\.md: missing$/ },
      { label: 'not executable', breakIt: () => chmodSync(hook, 0o644), restore: () => chmodSync(hook, 0o755), expected: /^pre-commit: \.husky\/pre-commit is not executable/ },
      {
        label: 'hook log',
        breakIt: () => repo.write('.claude/memdex-hooks.log', '2026-11-23T05:00:00.000Z session-end extractor exited 1: boom\n'),
        restore: () => unlinkSync(log),
        expected: /^hook log: 1 error in \.claude\/memdex-hooks\.log; the last:\n {4}2026-11-23T05:00:00\.000Z session-end extractor exited 1: boom$/,
      },
      { label: 'evaluations', breakIt: () => repo.write('.claude/relevance.json', JSON.stringify(failed)), restore: () => unlinkSync(join(repo.dir, '.claude/relevance.json')), expected: /^evaluations: 1 failed; the last: evaluator exited 2$/ },
    ]);
    expect(first.results.find((r) => r.check === 'pre-commit')?.fix).toBe('chmod +x .husky/pre-commit');
    broken([
      { label: 'timeout', breakIt: editSettings((s) => (s.hooks.SessionEnd![0]!.hooks[0]!.timeout = 120)), restore: restoreSettings, expected: /^hook SessionEnd: timeout 120 s, expected 10 s$/ },
      { label: 'hooks path', breakIt: () => repo.git(['config', '--unset', 'core.hooksPath']), restore: () => repo.git(['config', 'core.hooksPath', '.husky']), expected: /^pre-commit: git runs the hooks in \.git\/hooks, and none runs memdex check --staged$/ },
      { label: 'command', breakIt: () => unlinkSync(bin), restore: () => symlinkSync(target, bin), expected: /^command: node_modules\/\.bin\/memdex does not run from the hook's shell \(exit 127/ },
    ]);
    broken([
      {
        label: 'wrong event',
        breakIt: editSettings((s) => {
          s.hooks.Stop = s.hooks.SessionEnd!;
          delete s.hooks.SessionEnd;
        }),
        restore: restoreSettings,
        expected: /^hook SessionEnd: `.*memdex hook session-end.*` is registered for Stop, not SessionEnd$/,
      },
      {
        label: 'learning',
        breakIt: () => repo.write('.claude/memdex/learning.json', JSON.stringify({ version: 1, outcomes: [failedRun] })),
        // Put back as a later run that succeeded: the record doctor reads next.
        restore: () => repo.write('.claude/memdex/learning.json', JSON.stringify({ version: 1, outcomes: [failedRun, { ...failedRun, at: '2026-11-23T06:05:00.000Z', result: 'applied', detail: undefined }] })),
        expected: /^learning: the last run failed:\n {4}extract 2026-11-23T06:00:00\.000Z by `claude -p --model haiku`: failed: claude exited 1$/,
      },
    ]);
    broken([{ label: 'unparsable settings', breakIt: () => repo.write(settingsPath, '{ "hooks": '), restore: restoreSettings, expected: /^\.claude\/settings\.json:1:\d+: cannot parse/ }]);
    broken([
      {
        label: 'config',
        breakIt: () => repo.write('memdex.config.json', '{"index": 3}'),
        restore: () => repo.write('memdex.config.json', '{\n  "$schema": "./node_modules/memdex/schemas/memdex.config.schema.json"\n}\n'),
        expected: /^memdex\.config\.json: invalid configuration/,
      },
    ]);
    // Every piece put back, the learning record ending with a run that succeeded: doctor passes again.
    const restored = doctor(repo);
    expect([restored.status, problems(restored), restored.results.find((r) => r.check === 'learning')?.message]).toEqual([
      0,
      [],
      'learning: the last runs succeeded (1 of the 2 recorded in .claude/memdex/learning.json applied)',
    ]);
    unlinkSync(outcomes);
    const path = (process.env.PATH ?? '').split(':').filter((dir) => !existsSync(join(dir, 'claude'))).join(':');
    // No claude on this machine: learning is off here, a fact with its fix, not a failure (issue 23 item 6).
    const report = doctor(repo, { PATH: path });
    expect([report.status, problems(report)]).toEqual([0, []]);
    const extractor = report.results.find((r) => r.check === 'extractor')!;
    expect(extractor.message).toBe('extractor: off (no `claude` on PATH): the default `claude -p` runs where Claude Code is installed; sessions on this machine learn nothing until then');
    expect(extractor.fix).toMatch(/^install Claude Code .*; or set playbook\.extractor in memdex\.config\.json \(or MEMDEX_EXTRACTOR\) to another command; or say learning is off on purpose: "learn": \{ "enabled": false \} in memdex\.config\.json \(or MEMDEX_LEARN=0\)$/);
    expect(report.results.find((r) => r.check === 'evaluator')!.message).toMatch(/^evaluator: off \(no `claude` on PATH\)/);
    // A command the user configured that is not found stays a problem.
    expect(problems(doctor(repo, { PATH: path, MEMDEX_EXTRACTOR: 'no-such-extractor --json' }))).toEqual(['extractor: `no-such-extractor --json` (from MEMDEX_EXTRACTOR): no-such-extractor is not found']);
    // Switched off, the default needs no claude: said, not a problem.
    const off = doctor(repo, { PATH: path, MEMDEX_LEARN: '0' });
    expect([off.status, off.results.filter((r) => r.check === 'extractor' || r.check === 'evaluator').map((r) => r.message)]).toEqual([
      0,
      [
        'extractor: off (no command configured, and the default `claude -p` is switched off by MEMDEX_LEARN=0)',
        'evaluator: off (no command configured, and the default `claude -p` is switched off by MEMDEX_LEARN=0)',
      ],
    ]);
  }, 240_000);

  test('doctor accepts the memdex plugin as the wiring (enabledPlugins, or --plugin for --plugin-dir), says which it found, and names what the plugin still needs', () => {
    const settingsPath = '.claude/settings.json';
    const settings = readFileSync(join(repo.dir, settingsPath), 'utf8');
    const skills = ['when', 'how', 'remember'].map((name) => [name, readFileSync(join(repo.dir, `.claude/skills/${name}/SKILL.md`), 'utf8')] as const);
    const pluginAllow = ['Skill(memdex:when)', 'Skill(memdex:how)', 'Skill(memdex:remember)'];
    const result = (report: DoctorJson, check: string) => report.results.filter((r) => r.check === check);
    const bin = join(repo.dir, 'node_modules/.bin/memdex');
    const binTarget = readlinkSync(bin);
    try {
      // The plugin's user: no hooks and no skills of the project's own, no memdex installed with npm;
      // doctor runs as the plugin's own memdex, whose bin/memdex the plugin's hooks run.
      rmSync(join(repo.dir, '.claude/skills'), { recursive: true });
      unlinkSync(bin);
      repo.write(settingsPath, JSON.stringify({ enabledPlugins: { 'memdex@memdex-tools': true }, permissions: { allow: pluginAllow } }));
      const enabled = doctor(repo);
      expect([enabled.status, problems(enabled)]).toEqual([0, []]);
      const version = (JSON.parse(readFileSync(join(repo.dir, 'node_modules/memdex/package.json'), 'utf8')) as { version: string }).version;
      expect(result(enabled, 'command')).toEqual([
        { check: 'command', status: 'ok', message: `command: the plugin's bin/memdex runs from the hook's shell (memdex ${version}, in ${realpathSync(join(repo.dir, 'node_modules/memdex'))})` },
      ]);
      // The folder the client gives the plugin's hooks is the one checked.
      const elsewhere = doctor(repo, { CLAUDE_PLUGIN_ROOT: `${repo.dir}/no-such-plugin` });
      expect(problems(elsewhere)).toEqual([`command: the plugin's bin/memdex in ${repo.dir}/no-such-plugin does not run from the hook's shell (exit 127: ${shellNotFound(`${repo.dir}/no-such-plugin/bin/memdex`)})`]);
      expect(result(elsewhere, 'command')[0]!.fix).toBe(
        "run doctor with the plugin's own memdex (its bin/ is on the agent's PATH in Claude Code), and put Node.js 20 or later on the PATH Claude Code starts with",
      );
      expect(result(enabled, 'wiring')).toEqual([{ check: 'wiring', status: 'ok', message: 'wiring: the memdex plugin (enabledPlugins "memdex@memdex-tools" in .claude/settings.json): its hooks/hooks.json and skills/' }]);
      expect(result(enabled, 'hook:SessionEnd')).toEqual([{ check: 'hook:SessionEnd', status: 'ok', message: 'hook SessionEnd: from the memdex plugin, timeout 10 s' }]);
      expect(result(enabled, 'skills').map((r) => r.message)).toEqual(['skills: from the memdex plugin (/memdex:when, /memdex:how, /memdex:remember)', 'skills: allowed in permissions.allow']);

      // settings.local.json switches it off: the project's wiring is checked, and it is missing.
      repo.write('.claude/settings.local.json', JSON.stringify({ enabledPlugins: { 'memdex@memdex-tools': false } }));
      const off = doctor(repo);
      expect(result(off, 'wiring')[0]!.message).toBe("wiring: the project's own (hooks in .claude/settings.json, skills in .claude/skills/)");
      expect(problems(off)).toEqual(expect.arrayContaining([expect.stringMatching(/^hook SessionStart: .* is not registered/), 'skill .claude/skills/when/SKILL.md: missing']));

      // Loaded with --plugin-dir: no file says so; --plugin does.
      unlinkSync(join(repo.dir, '.claude/settings.local.json'));
      repo.write(settingsPath, JSON.stringify({ permissions: { allow: pluginAllow } }));
      const dirLoaded = repo.run(process.execPath, [join(repo.dir, 'node_modules/memdex/bin/memdex.cjs'), 'doctor', '--plugin'], {});
      expect([dirLoaded.status, dirLoaded.stderr]).toEqual([0, '']);
      expect(dirLoaded.stdout).toContain('✓ wiring: the memdex plugin (--plugin: loaded with claude --plugin-dir): its hooks/hooks.json and skills/\n✓ hook SessionStart: from the memdex plugin, timeout 10 s\n');

      // `/plugin install` enables it in the user's settings (Claude Code's config folder), with their permissions.
      const userSettings = `${repo.dir}-claude-config/settings.json`;
      mkdirSync(dirname(userSettings), { recursive: true });
      writeFileSync(userSettings, JSON.stringify({ enabledPlugins: { 'memdex@memdex-tools': true }, permissions: { allow: pluginAllow } }));
      repo.write(settingsPath, '{}');
      const byUser = doctor(repo);
      expect([byUser.status, problems(byUser), result(byUser, 'wiring')[0]!.message]).toEqual([0, [], `wiring: the memdex plugin (enabledPlugins "memdex@memdex-tools" in ${userSettings}): its hooks/hooks.json and skills/`]);
      writeFileSync(userSettings, '{ "enabledPlugins": ');
      expect(problems(doctor(repo)).filter((p) => p.startsWith(userSettings))).toEqual([expect.stringMatching(/^[^:]+:1:\d+: cannot parse/)]);
      rmSync(dirname(userSettings), { recursive: true });

      // The plugin's skills need their own permissions; a hook in both wirings runs twice (a warning).
      const both = JSON.parse(settings) as { permissions: { allow: string[] } } & Record<string, unknown>;
      repo.write(settingsPath, JSON.stringify({ ...both, enabledPlugins: { memdex: true } }));
      const twice = doctor(repo);
      expect(problems(twice)).toEqual(['skills: Skill(memdex:when), Skill(memdex:how), Skill(memdex:remember) missing from permissions.allow (the model\'s Skill calls are denied without them)']);
      expect(result(twice, 'skills')[1]!.fix).toBe('add "Skill(memdex:when)", "Skill(memdex:how)", "Skill(memdex:remember)" to permissions.allow in .claude/settings.json');
      expect(result(twice, 'hook:SessionEnd')).toEqual([
        {
          check: 'hook:SessionEnd',
          status: 'warning',
          message: `hook SessionEnd: the memdex plugin brings it, and the settings register \`${hookLine('session-end')}\` too: it runs twice`,
          fix: "remove memdex's hook from hooks.SessionEnd in the settings (the plugin brings it)",
        },
      ]);
    } finally {
      if (!existsSync(bin)) symlinkSync(binTarget, bin);
      rmSync(`${repo.dir}-claude-config`, { recursive: true, force: true });
      repo.write(settingsPath, settings);
      for (const [name, text] of skills) repo.write(`.claude/skills/${name}/SKILL.md`, text);
    }
    expect(doctor(repo).status).toBe(0);
  }, 120_000);

  test("doctor counts the hooks and permissions of the user's settings: the client runs and applies them in every project", () => {
    const settingsPath = '.claude/settings.json';
    const settings = readFileSync(join(repo.dir, settingsPath), 'utf8');
    const userSettings = `${repo.dir}-claude-config/settings.json`;
    try {
      repo.write(settingsPath, '{}');
      const missing = doctor(repo);
      expect(problems(missing)).toEqual(expect.arrayContaining([expect.stringMatching(/^hook SessionStart: .* is not registered/), expect.stringMatching(/^skills: .* missing from permissions\.allow/)]));
      mkdirSync(dirname(userSettings), { recursive: true });
      writeFileSync(userSettings, settings);
      const byUser = doctor(repo);
      expect([byUser.status, problems(byUser)]).toEqual([0, []]);
      expect(byUser.results.find((r) => r.check === 'hook:SessionEnd')).toEqual({ check: 'hook:SessionEnd', status: 'ok', message: 'hook SessionEnd: registered, timeout 10 s' });
    } finally {
      rmSync(`${repo.dir}-claude-config`, { recursive: true, force: true });
      repo.write(settingsPath, settings);
    }
  }, 120_000);

  test("doctor accepts the pre-commit framework's hook when its config runs memdex, and names it when not", () => {
    repo.git(['config', '--unset', 'core.hooksPath']);
    repo.write('.git/hooks/pre-commit', '#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nexec pre-commit hook-impl --hook-type=pre-commit\n');
    chmodSync(join(repo.dir, '.git/hooks/pre-commit'), 0o755);
    repo.write('.pre-commit-config.yaml', 'repos:\n  - repo: https://github.com/memdex/memdex\n    rev: v0.1.0\n    hooks:\n      - id: memdex\n');
    expect(doctor(repo).results.find((r) => r.check === 'pre-commit')).toEqual({ check: 'pre-commit', status: 'ok', message: 'pre-commit: .pre-commit-config.yaml runs memdex check --staged' });
    repo.write('.pre-commit-config.yaml', 'repos: []\n');
    expect(problems(doctor(repo))).toEqual(['pre-commit: git runs the hooks in .git/hooks, and none runs memdex check --staged']);
  }, 60_000);
});

/** The hook command init writes for a project install: memdex when it is installed, else one line and exit 0. */
const hookLine = (sub: string) =>
  `[ -x "$CLAUDE_PROJECT_DIR"/node_modules/.bin/memdex ] && exec "$CLAUDE_PROJECT_DIR"/node_modules/.bin/memdex hook ${sub}; echo 'memdex: not installed in this project (run npm install): hook ${sub} skipped' >&2`;

const USER_SETTINGS = {
  model: 'opus',
  hooks: {
    SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/memdex hook session-start', timeout: 10 }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] }],
    SessionEnd: [{ hooks: [{ type: 'command', command: './bye.sh', timeout: 5 }] }],
  },
  permissions: { allow: ['Bash(npm test)'], deny: ['Read(.env)'] },
};

const LINT_STAGED = {
  module: "export default {\n  '*.txt': 'wc -l',\n};\n",
  commonjs: "module.exports = {\n  '*.txt': 'wc -l',\n};\n",
};

describe.each(['module', 'commonjs'] as const)('a %s repository with its own settings, lint-staged config and .gitignore', (type) => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo(join(temp, `user-${type}`), packed.tarball, type, {
      '.claude/settings.json': `${JSON.stringify(USER_SETTINGS, null, 4)}\n`,
      'lint-staged.config.js': LINT_STAGED[type],
      '.gitignore': 'node_modules/\n.env',
      '.husky/pre-commit': 'npx lint-staged --diff-filter=ACMRD\n',
    }, claudeBin);
    // The user's lint-staged and its hook, as husky leaves them (core.hooksPath .husky/_ running .husky/pre-commit).
    symlinkSync(join(REPO, 'node_modules', 'lint-staged'), join(repo.dir, 'node_modules', 'lint-staged'));
    symlinkSync('../lint-staged/bin/lint-staged.js', join(repo.dir, 'node_modules', '.bin', 'lint-staged'));
    repo.write('.husky/_/pre-commit', '#!/bin/sh\nexport PATH="node_modules/.bin:$PATH"\nsh -e .husky/pre-commit\n');
    chmodSync(join(repo.dir, '.husky/_/pre-commit'), 0o755);
    repo.git(['config', 'core.hooksPath', '.husky/_']);
  }, 120_000);

  test("init keeps everything of the user's, adds only what is missing, and a second run changes nothing", () => {
    const result = repo.memdex(['init']);
    expect([result.status, result.stderr]).toEqual([0, '']);
    const settings = JSON.parse(readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8'));
    expect(settings.model).toBe('opus');
    expect(settings.permissions).toEqual({ allow: ['Bash(npm test)', 'Skill(when)', 'Skill(how)', 'Skill(remember)'], deny: ['Read(.env)'] });
    expect(settings.hooks.PreToolUse).toEqual(USER_SETTINGS.hooks.PreToolUse);
    // The hook an earlier memdex wrote (0.1.0: no guard) is brought up to date where it stands, not added twice.
    expect(settings.hooks.SessionStart).toEqual([{ hooks: [{ type: 'command', command: hookLine('session-start'), timeout: 10 }] }]);
    expect(result.stdout).toContain('the hooks for SessionStart brought up to date (they say so and exit 0 when memdex is not installed)');
    expect(settings.hooks.SessionEnd).toEqual([...USER_SETTINGS.hooks.SessionEnd, { hooks: [{ type: 'command', command: hookLine('session-end'), timeout: 10 }] }]);
    expect(readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8')).toMatch(/^\{\n {4}"model"/); // the file's own indentation
    expect(readFileSync(join(repo.dir, '.gitignore'), 'utf8')).toBe("node_modules/\n.env\n\n# memdex's runtime state (per machine, never committed)\n.claude/memdex/\n.claude/memdex-hooks.log\n.memdex/\n");
    const config = readFileSync(join(repo.dir, 'lint-staged.config.js'), 'utf8');
    expect(config).toBe(LINT_STAGED[type].replace('{\n', "{\n  '{agents/memory-index.md,agents/decisions/**/*.md,.claude/playbook.json,memdex.config.json}': () => 'memdex check --staged',\n"));
    expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toBe('npx lint-staged --diff-filter=ACMRD\n');
    expect(result.stdout).not.toContain('core.hooksPath');
    const report = doctor(repo);
    expect([report.status, problems(report)]).toEqual([0, []]);
    expect(report.results.find((r) => r.check === 'pre-commit')?.message).toBe('pre-commit: lint-staged.config.js runs memdex check --staged');
    const before = snapshot(repo.dir);
    expect(repo.memdex(['init']).stdout).toContain('nothing to do: memdex is set up');
    expect(snapshot(repo.dir)).toEqual(before);
  }, 120_000);

  test('through lint-staged, a clean commit passes and an orphaned entry is blocked with file:line:col', () => {
    repo.git(['add', '-A']);
    const clean = repo.git(['commit', '-qm', 'Set up memdex']);
    expect([clean.status, clean.stderr]).toEqual([0, expect.any(String)]);
    repo.write('agents/memory-index.md', `${readFileSync(join(repo.dir, 'agents/memory-index.md'), 'utf8')}/when a ghost entry\n`);
    repo.git(['add', '-A']);
    const commit = repo.git(['commit', '-qm', 'ghost']);
    expect([commit.status, commit.stdout + commit.stderr]).toEqual([1, expect.stringMatching(/agents\/memory-index\.md:16:1 +error +Entry `\/when a ghost entry` has no heading/)]);
  }, 120_000);
});

describe('files init cannot edit are named and left alone', () => {
  test('unparsable settings and ESM syntax in a CommonJS lint-staged config: exit 1, file:line:col, the rest done', () => {
    const repo = freshRepo(join(temp, 'broken'), packed.tarball, 'commonjs', { '.claude/settings.json': '{\n  "hooks": {,\n}\n', 'lint-staged.config.js': LINT_STAGED.module }, claudeBin);
    const result = repo.memdex(['init']);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(/^\.claude\/settings\.json:2:13: cannot parse: .*; left as it is$/),
      'lint-staged.config.js:1:1: export default in a file Node loads as CommonJS: lint-staged cannot load this config (every commit fails); left as it is',
      '',
    ]);
    expect(readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8')).toBe('{\n  "hooks": {,\n}\n');
    expect(readFileSync(join(repo.dir, 'lint-staged.config.js'), 'utf8')).toBe(LINT_STAGED.module);
    expect(existsSync(join(repo.dir, 'agents/memory-index.md'))).toBe(true);
    expect(result.stdout).toContain('Next: fix the files named above');
    // A config that does not parse: named; the parts that need its paths (tree, pre-commit) wait, the others are done.
    repo.write('memdex.config.json', '{ "index": ');
    rmSync(join(repo.dir, '.claude'), { recursive: true });
    const config = repo.memdex(['init', '--no-git']);
    expect([config.status, config.stderr]).toEqual([1, expect.stringMatching(/^memdex\.config\.json:1:12: invalid JSON: .*\n$/)]);
    expect(readFileSync(join(repo.dir, 'memdex.config.json'), 'utf8')).toBe('{ "index": ');
    expect(config.stdout).toContain('created .claude/settings.json');
  }, 120_000);

  test('--dry-run prints the diff and writes nothing; --no-claude --no-git --no-ci skip their parts', () => {
    const repo = freshRepo(join(temp, 'dry'), packed.tarball, 'module', {}, claudeBin);
    const before = snapshot(repo.dir);
    const dry = repo.memdex(['init', '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('--- a/.claude/settings.json\n+++ b/.claude/settings.json\n');
    expect(dry.stdout).toContain('would run: git config core.hooksPath .husky');
    expect(snapshot(repo.dir)).toEqual(before);
    expect(repo.git(['config', '--get', 'core.hooksPath']).stdout).toBe('');
    const partial = repo.memdex(['init', '--no-claude', '--no-git', '--no-ci']);
    expect(partial.status).toBe(0);
    expect(['.claude/settings.json', '.husky/pre-commit', '.github/workflows/memdex.yml'].filter((f) => existsSync(join(repo.dir, f)))).toEqual([]);
    expect(existsSync(join(repo.dir, 'agents/memory-index.md'))).toBe(true);
  }, 120_000);
});
