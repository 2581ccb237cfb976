/**
 * The Claude Code plugin memdex ships: the package root is the plugin
 * (`claude --plugin-dir node_modules/memdex`), holding `.claude-plugin/plugin.json`,
 * `skills/` (renderSkills('plugin')), `hooks/hooks.json` and `bin/memdex` (the
 * client puts a plugin's bin/ on the agent's Bash PATH). The files are checked in
 * and a test keeps them equal to what is rendered here from the one wiring
 * (wiring.ts) and the skills (skills.ts): `UPDATE_PLUGIN=1` rewrites them.
 *
 * Hook timeouts from a plugin do not raise the client's 1.5 s SessionEnd budget
 * (only settings files do), so the plugin relies on memdex's session-end hook
 * returning at once (it starts the extractor in the background).
 */
import { version } from '../core/version.js';
import { skillMessages as m } from '../messages/skills.js';
import { isObject, renderJson } from './json-file.js';
import { SKILL_NAMES, renderSkills } from './skills.js';
import { pluginHookCommand } from './memdex-command.js';
import { HOOK_WIRING } from './wiring.js';

export interface PluginFile {
  /** Relative to the plugin root (the package root). */
  readonly path: string;
  readonly text: string;
}

export const PLUGIN_NAME = 'memdex';

/** `hooks/hooks.json`: the four hooks of HOOK_WIRING, run from the plugin's own bin/. */
export function pluginHooks(): { readonly hooks: Readonly<Record<string, unknown>> } {
  const hooks: Record<string, unknown> = {};
  for (const { subcommand, event, timeout } of HOOK_WIRING) {
    hooks[event] = [{ hooks: [{ type: 'command', command: pluginHookCommand(subcommand), timeout }] }];
  }
  return { hooks };
}

/** Every generated file of the plugin (bin/memdex is a fixed script, not generated). */
export function renderPlugin(): readonly PluginFile[] {
  const manifest = {
    name: PLUGIN_NAME,
    version,
    description: m.pluginDescription,
    homepage: 'https://github.com/memdex/memdex',
    repository: 'https://github.com/memdex/memdex',
    license: 'MIT',
  };
  return [
    { path: '.claude-plugin/plugin.json', text: renderJson(manifest, '  ') },
    { path: 'hooks/hooks.json', text: renderJson(pluginHooks(), '  ') },
    ...renderSkills('plugin').map((skill) => ({ path: `skills/${skill.relativePath}`, text: skill.text })),
  ];
}

/** The `permissions.allow` entries that let the model invoke the plugin's skills (`/memdex:when`, …) without a prompt. */
export function pluginSkillPermissions(): readonly string[] {
  return SKILL_NAMES.map((name) => `Skill(${PLUGIN_NAME}:${name})`);
}

/**
 * Whether settings enable the memdex plugin: an `enabledPlugins` key `memdex@<marketplace>` (or
 * `memdex`) set to true. The files are given in the client's order of precedence, lowest first, so a
 * later file's value for the same key wins (settings.local.json can switch it off). Returns the key
 * and the file that enable it, or undefined.
 */
export function enabledPlugin(settings: readonly { readonly file: string; readonly value: Readonly<Record<string, unknown>> }[]): { readonly key: string; readonly file: string } | undefined {
  const state = new Map<string, { enabled: boolean; file: string }>();
  for (const { file, value } of settings) {
    const plugins = value.enabledPlugins;
    if (!isObject(plugins)) continue;
    for (const [key, enabled] of Object.entries(plugins)) {
      if (key === PLUGIN_NAME || key.startsWith(`${PLUGIN_NAME}@`)) state.set(key, { enabled: enabled === true, file });
    }
  }
  for (const [key, { enabled, file }] of state) if (enabled) return { key, file };
  return undefined;
}
