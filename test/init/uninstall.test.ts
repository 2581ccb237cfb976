/**
 * `memdex uninstall` and `memdex init --update` (issue 23): each removal undoes its
 * init step exactly (the user's entries, keys and bytes kept), in process; and
 * through the built CLI on a temp git repository: the user's settings file as it
 * was, an edited skill kept and named, --keep-memory, --dry-run, and --update
 * refreshing what an earlier memdex wrote while naming what was edited.
 * (The repository shapes from the packed tarball end with uninstall too:
 * repository-shapes.test.ts.)
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeSettings, removeFromSettings } from '../../src/app/init-claude.js';
import { addToPackageJson, removeFromPackageJson, removeLintStagedEntry, removePreCommitBlock, preCommitText } from '../../src/app/init-git.js';
import { addFrameworkHook, removeFrameworkHook } from '../../src/app/framework-hook.js';
import { addLefthookCommand, removeLefthookCommand } from '../../src/app/lefthook-command.js';
import { addLintStagedEntry } from '../../src/app/lint-staged-entry.js';
import { gitInvocation, PROJECT_SOURCE } from '../../src/app/memdex-command.js';
import { parseJsonObject, renderJson } from '../../src/app/json-file.js';
import { runCli } from '../helpers/run-cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const GLOB = '{agents/memory-index.md,agents/decisions/**/*.md,.claude/playbook.json,memdex.config.json}';
const edited = (edit: unknown): string => {
  if (typeof edit !== 'object' || edit === null || !('after' in edit)) throw new Error(`expected an edit, got ${JSON.stringify(edit)}`);
  return (edit as { after: string }).after;
};

describe('each removal undoes its init step', () => {
  test("settings: memdex's hooks and permissions go, the user's hook in the same event, their permissions and keys stay, bytes as before", () => {
    const before = `${JSON.stringify({ model: 'opus', hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: './mine.sh' }] }] }, permissions: { allow: ['Bash(ls)'] } }, null, 4)}\n`;
    const parsed = parseJsonObject(before, '.claude/settings.json');
    if ('problem' in parsed) throw new Error(parsed.problem);
    const merged = mergeSettings(before, parsed.value);
    if ('problem' in merged) throw new Error(merged.problem);
    const removed = removeFromSettings(merged.value);
    expect(removed.removed).toEqual(['SessionStart', 'UserPromptSubmit', 'PreCompact', 'SessionEnd', 'Skill(when)', 'Skill(how)', 'Skill(remember)']);
    expect(renderJson(removed.value, parsed.indent)).toBe(before);
    // A hook the user edited is theirs.
    const own = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/memdex hook session-start --verbose' }] }] } };
    expect(removeFromSettings(own)).toEqual({ value: own, removed: [] });
  });

  test.each([
    ['lint-staged.config.mjs', "export default {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['.lintstagedrc.cjs', "module.exports = {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['.lintstagedrc.yaml', "'*.ts': eslint --fix\n"],
    ['.lintstagedrc.json', '{\n  "*.ts": "eslint --fix"\n}\n'],
  ])('lint-staged %s: the entry goes, the file is as before', (file, before) => {
    const after = edited(addLintStagedEntry(file, before, GLOB, 'commonjs'));
    expect(after).toContain('memdex check --staged');
    expect(edited(removeLintStagedEntry(file, after))).toBe(before);
    expect(removeLintStagedEntry(file, before)).toBeUndefined();
  });

  test("package.json's lint-staged: the entry goes, the user's stay", () => {
    const before = `${JSON.stringify({ name: 'x', 'lint-staged': { '*.ts': 'eslint' } }, null, 2)}\n`;
    const parsed = parseJsonObject(before, 'package.json');
    if ('problem' in parsed) throw new Error(parsed.problem);
    const after = parseJsonObject(edited(addToPackageJson(before, parsed.value, parsed.indent, GLOB)), 'package.json');
    if ('problem' in after) throw new Error(after.problem);
    expect(removeFromPackageJson(after.value, after.indent)).toBe(before);
  });

  test.each([
    ['a block list (cut byte for byte)', "# the team's hooks\nrepos:\n  - repo: local\n    hooks:\n      - id: no-tabs\n        entry: x\n        language: pygrep\n"],
    ['a flow list (through the parser)', 'repos: []\n'],
  ])("the pre-commit framework's config, %s: memdex's hook goes", (_name, before) => {
    const after = edited(addFrameworkHook('.pre-commit-config.yaml', before, './node_modules/.bin/memdex check --staged --quiet'));
    const removed = edited(removeFrameworkHook('.pre-commit-config.yaml', after));
    if (before.startsWith('#')) expect(removed).toBe(before);
    else expect(removed).toBe('repos:\n');
    expect(removeFrameworkHook('.pre-commit-config.yaml', before)).toBeUndefined();
  });

  test.each([
    ['a pre-commit with commands', "# hooks\npre-commit:\n  commands:\n    lint:\n      run: x\n\npre-push:\n  commands:\n    t:\n      run: y\n"],
    ['a pre-commit without commands', 'pre-commit:\n  parallel: true\n'],
    ['no pre-commit', 'pre-push:\n  commands:\n    t:\n      run: y\n'],
    ['an empty file', ''],
    ['flow mappings (through the parser)', 'pre-commit: {commands: {lint: {run: x}}}\n'],
  ])("lefthook's config, %s: memdex's command goes, the file as it was", (_name, before) => {
    const after = edited(addLefthookCommand('lefthook.yml', before, './node_modules/.bin/memdex check --staged --quiet'));
    expect(removeLefthookCommand('lefthook.yml', after)).toEqual({ after: before });
    expect(removeLefthookCommand('lefthook.yml', before)).toBeUndefined();
  });

  test.each([
    ['appended to a hook', '#!/bin/sh\necho "user hook ran"\n'],
    ['above an exit', 'echo "user hook ran"\nexit 0\n'],
  ])('the pre-commit block %s: the script as it was', (_name, before) => {
    const after = preCommitText(before, ['agents/memory-index.md'], gitInvocation(PROJECT_SOURCE, 'node_modules/.bin/memdex'), '');
    if (after === 'present') throw new Error('expected a block');
    expect(removePreCommitBlock(after)).toBe(before);
    expect(removePreCommitBlock(before)).toBeUndefined();
  });
});

describe('memdex uninstall and init --update through the CLI', () => {
  function repo(files: Record<string, string>): { dir: string; read: (path: string) => string | undefined; write: (path: string, text: string) => void; memdex: (args: readonly string[]) => ReturnType<typeof runCli> } {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-uninstall-'));
    temps.push(dir);
    spawnSync('git', ['init', '-q'], { cwd: dir });
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    for (const [path, text] of Object.entries(files)) write(path, text);
    return {
      dir,
      read: (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : undefined),
      write,
      memdex: (args) => runCli([...args, '--root', dir], { env: { CLAUDE_PROJECT_DIR: '' } }),
    };
  }
  const settings = `${JSON.stringify({ permissions: { allow: ['Bash(make)'] } }, null, 2)}\n`;

  test("uninstall: the user's settings file as it was, an edited skill kept and named; --dry-run changes nothing; --keep-memory keeps memdex's state", () => {
    const r = repo({ '.claude/settings.json': settings });
    expect(r.memdex(['init', '--no-ci', '--memdex', 'global']).status).toBe(0);
    r.write('.claude/skills/how/SKILL.md', `${r.read('.claude/skills/how/SKILL.md')}\nMy own note.\n`);
    const config = r.read('memdex.config.json');

    const dry = r.memdex(['uninstall', '--dry-run', '--keep-memory']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('would remove .claude/skills/when/SKILL.md (the skill memdex installed)\n');
    expect(r.read('.claude/skills/when/SKILL.md')).toBeDefined();

    const out = r.memdex(['uninstall', '--keep-memory']);
    expect([out.status, out.stderr]).toEqual([0, '']);
    expect(out.stdout).toContain(
      "updated .claude/settings.json: removed memdex's SessionStart, UserPromptSubmit, PreCompact, SessionEnd, Skill(when), Skill(how), Skill(remember)\n",
    );
    expect(out.stdout).toContain('kept .claude/skills/how/SKILL.md: the skill differs from what memdex wrote (edited since init); remove it by hand if it is no longer wanted\n');
    expect(out.stdout.trim().split('\n').at(-1)).toMatch(/^memdex is uninstalled; the memory \(agents\/memory-index\.md, agents\/decisions\/, \.claude\/playbook\.json\) is left as it is, and so is memdex's state/);
    expect(r.read('.claude/settings.json')).toBe(settings);
    expect([r.read('.claude/skills/when/SKILL.md'), r.read('.husky/pre-commit'), r.read('.claude/memdex/install.json')]).toEqual([undefined, undefined, undefined]);
    // --keep-memory: the config, CLAUDE.md's import and the ignore lines stay; the memory always does.
    expect([r.read('memdex.config.json'), r.read('CLAUDE.md'), r.read('.gitignore')?.includes('.claude/memdex/')]).toEqual([config, '@agents/memory-index.md\n', true]);
    expect(r.read('agents/memory-index.md')).toBeDefined();

    const rest = r.memdex(['uninstall']);
    expect(rest.stdout).toContain('removed memdex.config.json (the config memdex wrote)\n');
    expect([r.read('memdex.config.json'), r.read('CLAUDE.md'), r.read('.gitignore'), r.read('agents/memory-index.md') !== undefined]).toEqual([undefined, undefined, undefined, true]);
    expect(r.memdex(['uninstall']).stdout).toBe(
      'kept .claude/skills/how/SKILL.md: the skill differs from what memdex wrote (edited since init); remove it by hand if it is no longer wanted\nnothing to remove: memdex is not set up here\n',
    );
  });

  test.each([
    ['project', 'a fresh clone before npm install (no node_modules)', /^bash: line \d+: .*\/node_modules\/\.bin\/memdex: No such file or directory\n$/],
    ['global', 'memdex not on PATH (npm uninstall --global)', /^bash: line \d+: memdex: command not found\n$/],
  ] as const)("the skills with --memdex %s fail open in %s: the block exits 0 with one line naming the memdex that is missing", (source, _when, line) => {
    const r = repo({});
    expect(r.memdex(['init', '--no-ci', '--no-git', '--memdex', source]).status).toBe(0);
    for (const name of ['when', 'how', 'remember']) {
      const skill = r.read(`.claude/skills/${name}/SKILL.md`)!;
      // The block the client runs (bash), `${CLAUDE_PROJECT_DIR}` and `$ARGUMENTS` substituted as it does.
      const block = /```!\n([\s\S]*?)```/.exec(skill)?.[1];
      if (block === undefined) continue; // /remember has no block: the model runs memdex with its Bash tool and reads the shell's error
      const command = block.replaceAll('${CLAUDE_PROJECT_DIR}', r.dir).replace('$ARGUMENTS', 'writing tests');
      const run = spawnSync('bash', ['-c', command], { cwd: r.dir, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: r.dir, SHLVL: '1' } });
      expect([name, run.status, `${run.stdout}${run.stderr}`]).toEqual([name, 0, expect.stringMatching(line)]);
    }
  });

  test("lefthook's config without lefthook here: init adds the command and says how to install lefthook's hooks; doctor names the missing hook with its fix; a config it cannot edit is named and left; uninstall gives the bytes back", () => {
    const config = '# hooks\npre-commit:\n  commands:\n    lint:\n      run: npx eslint\n';
    // lint-staged too (lefthook often runs it): memdex's command goes to lefthook, beside it, not into lint-staged's config.
    const pkg = '{\n  "name": "app",\n  "lint-staged": { "*.js": "eslint" }\n}\n';
    const r = repo({ 'lefthook.yml': config, 'package.json': pkg });
    const env = { CLAUDE_PROJECT_DIR: '', PATH: '/usr/bin:/bin' };
    const init = runCli(['init', '--no-ci', '--memdex', 'global', '--root', r.dir], { env });
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('updated lefthook.yml: added the memdex command to pre-commit (memdex check --staged)\n');
    expect(init.stdout).toContain("lefthook's git hooks are not installed, and lefthook is neither on PATH nor in node_modules: install it (npm install --save-dev lefthook), then run `npx lefthook install`\n");
    expect(r.read('lefthook.yml')).toBe(`${config}    memdex:\n      run: memdex check --staged --quiet\n`);
    expect([existsSync(join(r.dir, '.husky')), r.read('package.json')]).toEqual([false, pkg]);
    const report = JSON.parse(runCli(['doctor', '--format', 'json', '--root', r.dir], { env }).stdout) as { results: { check: string; status: string; message: string; fix?: string }[] };
    expect(report.results.filter((result) => result.check === 'pre-commit')).toEqual([
      {
        check: 'pre-commit',
        status: 'problem',
        message: `pre-commit: lefthook.yml runs memdex check --staged, and lefthook's hooks are not installed in .git/hooks (git never runs it)`,
        fix: 'run `npx lefthook install`',
      },
    ]);
    expect(runCli(['uninstall', '--root', r.dir], { env }).status).toBe(0);
    expect(r.read('lefthook.yml')).toBe(config);

    r.write('lefthook.yml', 'pre-commit: [lint]\n');
    const refused = runCli(['init', '--no-ci', '--memdex', 'global', '--root', r.dir], { env });
    expect([refused.status, refused.stderr]).toEqual([1, expect.stringContaining('lefthook.yml:1:1: pre-commit must be a mapping; left as it is\n')]);
    expect(r.read('lefthook.yml')).toBe('pre-commit: [lint]\n');
  });

  test('doctor names what init created and is gone (a half-removed install), with both ways out', () => {
    const r = repo({});
    expect(r.memdex(['init', '--no-ci', '--memdex', 'global']).status).toBe(0);
    rmSync(join(r.dir, '.claude/skills/how'), { recursive: true });
    const report = JSON.parse(r.memdex(['doctor', '--format', 'json']).stdout) as { results: { check: string; status: string; message: string; fix?: string }[] };
    expect(report.results.filter((result) => result.check === 'install')).toEqual([
      {
        check: 'install',
        status: 'warning',
        message: 'install: memdex init created .claude/skills/how/SKILL.md in this clone, and it is gone (removed by hand?)',
        fix: '`npx memdex init` puts back what is missing; `npx memdex uninstall` takes out the rest',
      },
    ]);
  });

  test('init --update: a skill and the workflow as an earlier memdex wrote them are brought up to date, an edited skill is named and kept; without --update both are only named', () => {
    const r = repo({});
    expect(r.memdex(['init', '--memdex', 'global']).status).toBe(0);
    // What an earlier memdex wrote (recorded by its init), and what the user edited.
    const older = (text: string) => text.replace('argument-hint', 'argument-hint-of-old');
    const record = JSON.parse(r.read('.claude/memdex/install.json')!) as { files: Record<string, { created: boolean; text?: string }> };
    const today = { when: r.read('.claude/skills/when/SKILL.md')!, workflow: r.read('.github/workflows/memdex.yml')! };
    for (const path of ['.claude/skills/when/SKILL.md', '.github/workflows/memdex.yml']) {
      const text = older(r.read(path)!.replace('name: memdex', 'name: memdex (old)'));
      r.write(path, text);
      record.files[path] = { created: true, text };
    }
    r.write('.claude/memdex/install.json', JSON.stringify(record));
    r.write('.claude/skills/how/SKILL.md', `${r.read('.claude/skills/how/SKILL.md')}\nMine.\n`);

    const plain = r.memdex(['init', '--memdex', 'global']);
    expect(plain.stdout).toContain('.claude/skills/when/SKILL.md differs from the skill memdex ships: left as it is (memdex doctor shows it; `npx memdex init --update` refreshes it unless it was edited)\n');
    expect(plain.stdout).toContain('.github/workflows/memdex.yml exists: left as it is\n');

    const update = r.memdex(['init', '--update', '--memdex', 'global']);
    expect(update.status).toBe(0);
    expect(update.stdout).toContain('updated .claude/skills/when/SKILL.md: brought up to date (it was as an earlier memdex wrote it)\n');
    expect(update.stdout).toContain('updated .github/workflows/memdex.yml: brought up to date (it was as an earlier memdex wrote it)\n');
    expect(update.stdout).toContain(".claude/skills/how/SKILL.md was edited since memdex wrote it: left as it is (delete it and run `npx memdex init` to get today's)\n");
    expect([r.read('.claude/skills/when/SKILL.md'), r.read('.github/workflows/memdex.yml')]).toEqual([today.when, today.workflow]);
    expect(r.read('.claude/skills/how/SKILL.md')!.endsWith('\nMine.\n')).toBe(true);
  });
});
