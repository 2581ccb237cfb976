/**
 * The Claude Code plugin memdex ships: the package root is the plugin
 * (`claude --plugin-dir node_modules/memdex`), holding `.claude-plugin/plugin.json`,
 * `skills/` (renderSkills('plugin')), `hooks/hooks.json` and `bin/memdex` (the
 * client puts a plugin's bin/ on the agent's Bash PATH). The repository is also its
 * own marketplace (`.claude-plugin/marketplace.json`, the plugin at `./`): `/plugin
 * marketplace add memdex/memdex` clones it. The files are checked in and a test keeps
 * them equal to what is rendered here from the one wiring (wiring.ts) and the skills
 * (skills.ts): `UPDATE_PLUGIN=1` rewrites them (`.claude-plugin/icon.png` is a fixed file).
 *
 * A marketplace installs the plugin as a copy of the repository at a commit: no
 * `npm install`, no build (the client runs no scripts; measured with 2.1.332), so no
 * `dist/`. bin/memdex therefore runs the first memdex it finds: the package's own build
 * beside it (installed from npm or a tarball, a built checkout), else the project's
 * `node_modules/.bin/memdex`, else a `memdex` on PATH; with none, a hook answers `{}`
 * and exits 0 after one line on stderr (it fails open), any other command exits 127.
 * Chosen over a committed build (a source repository holding generated bundles),
 * and over `npx memdex` (no package on the registry before publishing, and its own
 * start-up per hook call). Measured on a prompt hook, 15 interleaved runs at load 12:
 * `node -e 0` 341 ms, the project's bin 425 ms, this launcher handing over to it 392 ms
 * (the same within the noise: its lookup is shell built-in file tests), `npx --no-install
 * memdex` 2,525 ms.
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

const HOMEPAGE = 'https://github.com/memdex/memdex';
const AUTHOR = { name: 'memdex contributors', url: HOMEPAGE };
/** Set by bin/memdex when it hands over to another memdex, so that a second launcher without a build does not hand over again. */
const LAUNCHER_MARK = 'MEMDEX_PLUGIN_LAUNCHER';

/**
 * bin/memdex: the package's CLI beside it when built, else the project's memdex, else one on PATH (not this
 * file), else one line and fail open (see the header). `$0` is its own path (the client runs it by path; the
 * agent's Bash finds it on PATH and passes the full path).
 */
export function pluginLauncher(): string {
  const missing = m.pluginMemdexMissing;
  if (/["$`\\]/.test(missing)) throw new Error('pluginMemdexMissing must hold no character special inside sh double quotes');
  return [
    '#!/bin/sh',
    "# The plugin's `memdex`: Claude Code runs it for the plugin's hooks and skills and puts bin/ on the agent's PATH.",
    '# Rendered by src/app/plugin.ts (which says why): the build beside it, else the project\'s memdex, else one on',
    '# PATH, else one line, and a hook answers {} and exits 0.',
    'root=${0%/*}/..',
    'if [ -f "$root/dist/cli.cjs" ]; then exec node "$0.cjs" "$@"; fi',
    `if [ -z "$${LAUNCHER_MARK}" ]; then`,
    `  ${LAUNCHER_MARK}=$0`,
    `  export ${LAUNCHER_MARK}`,
    '  project=${CLAUDE_PROJECT_DIR:-.}/node_modules/.bin/memdex',
    '  if [ -x "$project" ]; then exec "$project" "$@"; fi',
    '  set -f',
    '  IFS=:',
    '  for dir in $PATH; do',
    '    if [ -n "$dir" ] && [ -f "$dir/memdex" ] && [ -x "$dir/memdex" ] && ! [ "$dir/memdex" -ef "$0" ]; then unset IFS; exec "$dir/memdex" "$@"; fi',
    '  done',
    '  unset IFS',
    'fi',
    'if [ "$1" = hook ]; then',
    `  echo "${missing}: hook $2 skipped" >&2`,
    "  echo '{}'",
    '  exit 0',
    'fi',
    `echo "${missing}: memdex $1 not run" >&2`,
    'exit 127',
    '',
  ].join('\n');
}

/** The repository as a marketplace listing this one plugin, at its root. */
export function renderMarketplace(): string {
  const marketplace = {
    name: PLUGIN_NAME,
    owner: AUTHOR,
    description: m.marketplaceDescription,
    plugins: [{ name: PLUGIN_NAME, source: './', description: m.pluginDescription, version, author: AUTHOR, homepage: HOMEPAGE, repository: HOMEPAGE, license: 'MIT' }],
  };
  return renderJson(marketplace, '  ');
}

/** Every generated file of the plugin, executables marked (the icon is a fixed file). */
export function renderPlugin(): readonly (PluginFile & { readonly executable?: true })[] {
  const manifest = {
    name: PLUGIN_NAME,
    version,
    description: m.pluginDescription,
    author: AUTHOR,
    homepage: HOMEPAGE,
    repository: HOMEPAGE,
    license: 'MIT',
    keywords: ['memory', 'decisions', 'playbook', 'hooks', 'skills'],
    // memdex reaches no host (the learner's `claude -p` is the user's own client).
    network: { hosts: [] },
  };
  return [
    { path: '.claude-plugin/plugin.json', text: renderJson(manifest, '  ') },
    { path: '.claude-plugin/marketplace.json', text: renderMarketplace() },
    { path: 'hooks/hooks.json', text: renderJson(pluginHooks(), '  ') },
    { path: 'bin/memdex', text: pluginLauncher(), executable: true },
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
