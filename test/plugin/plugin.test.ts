/**
 * The plugin directory (the package root: .claude-plugin/, skills/, hooks/, bin/memdex)
 * is checked in; these tests keep it equal to what src/app/plugin.ts renders from the
 * one wiring and the skills. `UPDATE_PLUGIN=1` rewrites the files.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { skillMessages } from '../../src/messages/skills.js';
import { PLUGIN_NAME, pluginHooks, renderPlugin } from '../../src/app/plugin.js';
import { renderSkills, SKILL_NAMES } from '../../src/app/skills.js';
import { HOOK_WIRING, SESSION_END_MAX_TIMEOUT_SECONDS } from '../../src/app/wiring.js';
import { REPO } from '../helpers/corpora.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-plugin-');

const packageJson = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string; files: string[] };

test.each(renderPlugin().map((file): [string, string, boolean] => [file.path, file.text, file.executable === true]))('%s is checked in as rendered', (path, text, executable) => {
  const file = join(REPO, path);
  if (process.env.UPDATE_PLUGIN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (executable) chmodSync(file, 0o755);
  }
  expect(readFileSync(file, 'utf8')).toBe(text);
  if (executable) accessSync(file, constants.X_OK);
});

test('the manifest names the plugin memdex, at the package version', () => {
  const manifest = JSON.parse(readFileSync(join(REPO, '.claude-plugin', 'plugin.json'), 'utf8')) as { name: string; version: string };
  expect(manifest).toMatchObject({ name: PLUGIN_NAME, version: packageJson.version });
});

test('hooks.json registers each hook of the wiring, from the plugin\'s bin/, within the client\'s limits', () => {
  const { hooks } = pluginHooks() as { hooks: Record<string, { hooks: { command: string; timeout: number }[] }[]> };
  expect(Object.keys(hooks)).toEqual(HOOK_WIRING.map((h) => h.event));
  for (const wiring of HOOK_WIRING) {
    const [hook] = hooks[wiring.event]![0]!.hooks;
    expect(hook).toEqual({ type: 'command', command: `"\${CLAUDE_PLUGIN_ROOT}"/bin/memdex hook ${wiring.subcommand}`, timeout: wiring.timeout });
    expect(hook!.timeout).toBeLessThanOrEqual(SESSION_END_MAX_TIMEOUT_SECONDS);
  }
});

test('the skills are the plugin form of the three skills', () => {
  expect(renderSkills('plugin').map((s) => s.name)).toEqual([...SKILL_NAMES]);
  for (const skill of renderSkills('plugin')) {
    expect(readFileSync(join(REPO, 'skills', skill.relativePath), 'utf8')).toBe(skill.text);
    expect(skill.text).toContain('"${CLAUDE_PLUGIN_ROOT}"/bin/memdex');
    expect(skill.text).not.toContain('CLAUDE_PROJECT_DIR');
  }
});

test('bin/memdex is executable and runs the package\'s CLI', () => {
  const bin = join(REPO, 'bin', 'memdex');
  accessSync(bin, constants.X_OK);
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  expect({ status: result.status, stdout: result.stdout.trim() }).toEqual({ status: 0, stdout: packageJson.version });
});

test('the package ships the plugin', () => {
  for (const path of ['.claude-plugin', 'skills', 'hooks', 'bin']) expect(packageJson.files).toContain(path);
});

/**
 * The plugin as a marketplace installs it from git: a copy of the repository at a commit, without dist/ (the
 * client runs no install or build). Its hooks run bin/memdex, which hands over to the memdex it finds or fails open.
 */
describe('the plugin without its build (installed from git)', () => {
  const payload = (dir: string) => JSON.stringify({ session_id: 's1', transcript_path: join(dir, 't.jsonl'), cwd: dir, hook_event_name: 'SessionStart', source: 'startup' });
  /** A copy of the plugin's bin/ alone, and a project holding the example tree (its playbook included). */
  const setUp = () => {
    const plugin = temp();
    mkdirSync(join(plugin, 'bin'));
    for (const file of ['memdex', 'memdex.cjs']) copyFileSync(join(REPO, 'bin', file), join(plugin, 'bin', file));
    chmodSync(join(plugin, 'bin', 'memdex'), 0o755);
    return { launcher: join(plugin, 'bin', 'memdex'), pluginBin: join(plugin, 'bin'), project: temp(EXAMPLE) };
  };
  /** PATH without any memdex: node's folder and the system's. */
  const basePath = `${dirname(process.execPath)}:/usr/bin:/bin`;
  const run = (launcher: string, args: string[], project: string, path: string) =>
    spawnSync(launcher, args, { cwd: project, input: payload(project), encoding: 'utf8', timeout: 60_000, env: { PATH: path, CLAUDE_PROJECT_DIR: project, NO_COLOR: '1' } });
  /** The project's memdex: this checkout's built CLI, as npm links it. */
  const installIn = (dir: string) => {
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(join(REPO, 'bin', 'memdex.cjs'), join(dir, 'node_modules', '.bin', 'memdex'));
  };

  test('with no memdex anywhere, a hook answers {} and exits 0 after one line; a skill\'s command exits 127 with the line', () => {
    const { launcher, project, pluginBin } = setUp();
    // The plugin's own bin/ is on PATH (as the client puts it for the agent): found, and not run again.
    const hook = run(launcher, ['hook', 'session-start'], project, `${pluginBin}:${basePath}`);
    expect({ status: hook.status, stdout: hook.stdout, stderr: hook.stderr }).toEqual({
      status: 0,
      stdout: '{}\n',
      stderr: `${skillMessages.pluginMemdexMissing}: hook session-start skipped\n`,
    });
    const when = run(launcher, ['when', 'writing mock tests'], project, basePath);
    expect({ status: when.status, stdout: when.stdout, stderr: when.stderr }).toEqual({ status: 127, stdout: '', stderr: `${skillMessages.pluginMemdexMissing}: memdex when not run\n` });
  });

  test('it runs the project\'s memdex (node_modules/.bin), whose hook injects the playbook', () => {
    const { launcher, project } = setUp();
    installIn(project);
    const hook = run(launcher, ['hook', 'session-start'], project, basePath);
    expect(hook.status).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain('[MEMDEX_V1]');
    const when = run(launcher, ['when', 'writing mock tests'], project, basePath);
    expect(when.stdout).toContain('Patch where the object is **used**');
  });

  test('it runs a memdex on PATH (a global install), never itself nor a second launcher without a build', () => {
    const { launcher, project, pluginBin } = setUp();
    const global = temp();
    installIn(global);
    const hook = run(launcher, ['hook', 'session-start'], project, `${pluginBin}:${join(global, 'node_modules', '.bin')}:${basePath}`);
    expect(hook.status).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain('[MEMDEX_V1]');
    // Another copy of the launcher first on PATH: it hands over no further (no loop), so the first one's line.
    const other = setUp();
    const chained = run(launcher, ['hook', 'session-start'], project, `${other.pluginBin}:${basePath}`);
    expect({ status: chained.status, stdout: chained.stdout }).toEqual({ status: 0, stdout: '{}\n' });
    expect(chained.stderr.trim().split('\n')).toHaveLength(1);
  });
});
