/**
 * The plugin directory (the package root: .claude-plugin/, skills/, hooks/, bin/memdex)
 * is checked in; these tests keep it equal to what src/app/plugin.ts renders from the
 * one wiring and the skills. `UPDATE_PLUGIN=1` rewrites the files.
 */
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PLUGIN_NAME, pluginHooks, renderPlugin } from '../../src/app/plugin.js';
import { renderSkills, SKILL_NAMES } from '../../src/app/skills.js';
import { HOOK_WIRING, SESSION_END_MAX_TIMEOUT_SECONDS } from '../../src/app/wiring.js';
import { REPO } from '../helpers/corpora.js';

const packageJson = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string; files: string[] };

test.each(renderPlugin().map((file) => [file.path, file.text]))('%s is checked in as rendered', (path, text) => {
  const file = join(REPO, path);
  if (process.env.UPDATE_PLUGIN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  expect(readFileSync(file, 'utf8')).toBe(text);
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
