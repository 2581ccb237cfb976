/**
 * Which `memdex` the commands `memdex init` writes start, and how they fail open.
 *
 * A repository reaches memdex in one of two ways, chosen by `init --memdex` or
 * found (memdex's bin in a node_modules at or above the tree, up to the top of
 * the git working tree; else a package.json in the tree, where `npm install`
 * will put it; else a global install), and written explicitly into every
 * command:
 *
 * - `project`: the bin the package manager linked, relative to the tree root
 *   (`../../node_modules/.bin/memdex` in an npm or yarn workspace whose root
 *   holds it, the package's own with pnpm);
 * - `global`: `memdex` on PATH (`npm install --global`, any non-Node repository).
 *
 * The plugin's hooks run its own bin/ (plugin.ts), whatever init chose.
 *
 * Every Claude Code hook and the pre-commit block fail open: when that memdex is
 * not there (after `npm uninstall`, in a fresh clone before `npm install`) they
 * print one line saying so and exit 0, instead of failing every prompt (a hook's
 * exit 127) or blocking every memory commit. The test is a file test (`[ -x … ]`)
 * or `command -v`, shell built-ins: no process starts for it. The skills keep the
 * form the real client was measured with (skills.ts); there the shell's own "not
 * found" line is what the agent reads, and the skill's `true` keeps it running.
 *
 * The forms memdex wrote before (legacy.ts) are recognised: init replaces its own
 * unedited hook commands with these.
 */
import { commandMessages as m } from '../messages/memdex-command.js';

export type MemdexSource =
  /** `bin`: the bin's path relative to the tree root ('/'-separated). */
  { readonly kind: 'project'; readonly bin: string } | { readonly kind: 'global' };

export type SourceKind = MemdexSource['kind'];
export const SOURCE_KINDS: readonly SourceKind[] = ['project', 'global'];

/** The bin a package manager links into a project that depends on memdex. */
export const PROJECT_BIN = 'node_modules/.bin/memdex';
export const PROJECT_SOURCE: MemdexSource = Object.freeze({ kind: 'project', bin: PROJECT_BIN });

/** memdex as a plugin's hooks and skills find it (the plugin's own bin/). */
export const PLUGIN_MEMDEX_COMMAND = '"${CLAUDE_PLUGIN_ROOT}"/bin/memdex';

/** A shell's way to start memdex, and the test that it is there. */
export interface Invocation {
  /** The command, quoted for the shell. */
  readonly command: string;
  /** A test that succeeds when it is there (a built-in: nothing started). */
  readonly present: string;
  /** Said when it is not. */
  readonly missing: string;
}

/** memdex from Claude Code's hook and skill shells (CLAUDE_PROJECT_DIR is the tree root). `braces`: `${CLAUDE_PROJECT_DIR}`, as skills substitute it. */
export function claudeInvocation(source: MemdexSource, braces = false): Invocation {
  if (source.kind === 'global') return GLOBAL;
  const path = `"${braces ? '${CLAUDE_PROJECT_DIR}' : '$CLAUDE_PROJECT_DIR'}"/${source.bin}`;
  return { command: path, present: `[ -x ${path} ]`, missing: m.notInstalled };
}

/** memdex from git's hooks, which run at the top of the working tree. `topBin`: the project bin relative to the top. */
export function gitInvocation(source: MemdexSource, topBin: string): Invocation {
  if (source.kind === 'global') return GLOBAL;
  const path = topBin.includes('/') ? `./${topBin}` : topBin;
  return { command: path, present: `[ -x ${path} ]`, missing: m.notInstalled };
}

const GLOBAL: Invocation = Object.freeze({ command: 'memdex', present: 'command -v memdex >/dev/null 2>&1', missing: m.notOnPath });

/** The line a fail-open command prints when memdex is missing, as a shell word. */
export function missingLine(invocation: Invocation, skipped: string): string {
  return shellQuote(`memdex: ${invocation.missing}: ${skipped}`);
}

/** The command line of a Claude Code hook registered in the project's settings: memdex when it is there, else one line and exit 0. */
export function hookCommand(subcommand: string, source: MemdexSource): string {
  const invocation = claudeInvocation(source);
  return `${invocation.present} && exec ${invocation.command} hook ${subcommand}; echo ${missingLine(invocation, m.hookSkipped(subcommand))} >&2`;
}

/** The command line of one of the plugin's hooks (its bin/ is beside the hooks: always there). */
export function pluginHookCommand(subcommand: string): string {
  return `${PLUGIN_MEMDEX_COMMAND} hook ${subcommand}`;
}

/** A word quoted for sh (single quotes; a `'` closed, escaped and reopened). */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** How the source is named in init's report and doctor's lines. */
export function describeSource(source: MemdexSource): string {
  return source.kind === 'project' ? m.project(source.bin) : m.global;
}
