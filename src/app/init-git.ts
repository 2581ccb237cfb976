/**
 * git's part of `memdex init`: how `memdex check --staged` gets to run before
 * each commit.
 *
 * Without lint-staged, `.husky/pre-commit` gets a block that starts memdex only
 * when `git diff --cached --quiet` says a memory file is staged (deletions
 * included, which lint-staged's default filter drops), so a commit that touches
 * no memory costs one git call, not a node start. What makes git run it:
 * - husky set up in the clone (core.hooksPath `.husky/_`): husky runs
 *   `.husky/pre-commit` with `sh -e`; nothing else is needed;
 * - no hooks path and no hooks of the user's own in `.git/hooks`: init sets
 *   core.hooksPath to `.husky`, and the file is a complete executable script
 *   (shebang, mode 0755) that git runs directly, with or without husky. This is
 *   per clone (git never commits config): the report says so, and a second
 *   `memdex init` sets it again;
 * - any other hooks path, or hooks of the user's own in `.git/hooks`: their
 *   folder's `pre-commit` gets the block (created when absent), and core.hooksPath
 *   is left as it is (init.ts hookTarget);
 * - the pre-commit framework (a `.pre-commit-config.yaml`): a local hook in its
 *   config instead (framework-hook.ts), no husky;
 * - lefthook (a `lefthook.yml` or one of its other YAML names): a `memdex`
 *   command under `pre-commit: commands:` (lefthook-command.ts), written as text
 *   into the user's YAML so their bytes stay and uninstall cuts the same lines
 *   out; `lefthook install` writes git's hook, no husky.
 *
 * With lint-staged (a config file, or the `lint-staged` key of package.json),
 * the entry goes into that config, in its own format: a key of the JSON object,
 * a `key: value` line of a YAML mapping, or a property of the object literal a
 * JavaScript config exports (found by parsing it, lint-staged-entry.ts): `export default {` in an ES module (`.mjs`, or `.js`
 * in a `"type": "module"` package), `module.exports = {` in CommonJS. A config
 * whose syntax is not the module format Node loads it as (the documented ESM
 * example in a CommonJS package) is broken already; it is named, not edited.
 *
 * The editors that parse with a library (lint-staged-entry.ts: acorn;
 * framework-hook.ts and lefthook-command.ts: yaml) are modules of their own, which
 * init, uninstall and doctor import only when the repository has such a config:
 * the two libraries are ~470 kB of the 1.16 MB of code every `memdex init` compiled,
 * though a run needs at most one of them.
 */
import { offsetToLocation } from '../model/lines.js';
import { commandMessages as cm } from '../messages/memdex-command.js';
import { missingLine, type Invocation } from './memdex-command.js';
import { PRE_COMMIT_BLOCK_MARK, SHEBANG, STAGED_CHECK, initMessages as m, preCommitBlock } from '../messages/init.js';
import { isObject, jsonWhere, parseJsonObject, renderJson, type JsonObject } from './json-file.js';

/** lint-staged's own search order (package.json first). */
export const LINT_STAGED_FILES: readonly string[] = [
  '.lintstagedrc',
  '.lintstagedrc.json',
  '.lintstagedrc.yaml',
  '.lintstagedrc.yml',
  '.lintstagedrc.mjs',
  '.lintstagedrc.js',
  '.lintstagedrc.cjs',
  'lint-staged.config.mjs',
  'lint-staged.config.js',
  'lint-staged.config.cjs',
];

export const HUSKY_FOLDER = '.husky';
export const PRE_COMMIT_FILE = `${HUSKY_FOLDER}/pre-commit`;

export type ModuleFormat = 'module' | 'commonjs';

/** The lint-staged glob of the memory files (root-relative). */
export function lintStagedGlob(memoryPaths: readonly string[]): string {
  return `{${memoryPaths.join(',')}}`;
}

export type ConfigEdit = { readonly after: string } | { readonly problem: string } | 'present';

/** The `lint-staged` key of package.json given the entry, or the problem, or 'present'. */
export function addToPackageJson(text: string, pkg: JsonObject, indent: string, glob: string): ConfigEdit {
  const config = pkg['lint-staged'];
  if (!isObject(config)) return { problem: m.notAnObject(jsonWhere(text, 'package.json', '/lint-staged'), '"lint-staged"', 'an object') };
  if (Object.values(config).some((v) => JSON.stringify(v).includes(STAGED_CHECK))) return 'present';
  return { after: renderJson({ ...pkg, 'lint-staged': { ...config, [glob]: STAGED_CHECK } }, indent) };
}

/**
 * `.husky/pre-commit` with memdex's block: a new executable script, or the block
 * added to the user's: at the end, or before the script's first top-level `exit`
 * or `exec` (nothing after it runs); a block init wrote after one is moved above it.
 */
export function preCommitText(before: string | undefined, pathspecs: readonly string[], invocation: Invocation, rootArgs: string): string | 'present' {
  const memdex = { command: invocation.command, present: invocation.present, missingLine: missingLine(invocation, cm.checkSkipped) };
  if (before === undefined || before.trim() === '') return `${SHEBANG}${preCommitBlock(pathspecs, memdex, rootArgs)}`;
  if (before.includes(STAGED_CHECK)) {
    const ours = ownBlock(before);
    const stop = scriptStop(before);
    if (!ours || stop === undefined || ours.start < stop.offset) return 'present';
    // Ours, after the stop: taken out and put back above it.
    return insertBlock(before.slice(0, ours.start).replace(/\n+$/, '\n') + before.slice(ours.end), before.slice(ours.start, ours.end));
  }
  return insertBlock(before, preCommitBlock(pathspecs, memdex, rootArgs));
}

function insertBlock(script: string, block: string): string {
  const stop = scriptStop(script);
  if (stop === undefined) return `${script}${script.endsWith('\n') ? '' : '\n'}\n${block}`;
  return `${script.slice(0, stop.offset)}${block}\n${script.slice(stop.offset)}`;
}

/** A line the shell ends a script at: `exit …` or `exec …` at the top level (not indented, so not inside an if or a function). */
const SCRIPT_STOP = /^(exit|exec)\b.*$/m;

/** The first line of `script` after which nothing runs: its offset and 1-based line. */
export function scriptStop(script: string): { readonly offset: number; readonly line: number; readonly text: string } | undefined {
  const match = SCRIPT_STOP.exec(script);
  if (!match) return undefined;
  return { offset: match.index, line: offsetToLocation(script, match.index).line, text: match[0].trim() };
}

/** The block init writes (messages/init.ts preCommitBlock): from its comment line to its `fi` line. */
function ownBlock(script: string): { readonly start: number; readonly end: number } | undefined {
  const start = script.indexOf(PRE_COMMIT_BLOCK_MARK);
  if (start < 0) return undefined;
  const fi = /^fi\n?/m.exec(script.slice(start));
  return fi ? { start, end: start + fi.index + fi[0].length } : undefined;
}

/**
 * Whether the hook script runs memdex's check: the check is in it, and no
 * top-level `exit`/`exec` comes before it. Returns the stop that hides it.
 */
export function checkHiddenBy(script: string): { readonly line: number; readonly text: string } | undefined {
  const at = script.indexOf(STAGED_CHECK);
  const stop = scriptStop(script);
  return at >= 0 && stop !== undefined && stop.offset < at ? stop : undefined;
}

/** The user's package.json `type`, as Node reads a `.js` file next to it. */
export function packageType(pkg: JsonObject | undefined): ModuleFormat {
  return pkg?.type === 'module' ? 'module' : 'commonjs';
}

/** A lint-staged call in a hook script that lets deletions through (`--diff-filter` naming D). */
export function lintStagedSkipsDeletions(hook: string): boolean {
  return hook.split('\n').some((line) => /\blint-staged\b/.test(line) && !line.trimStart().startsWith('#') && !/--diff-filter[= ]\S*D/.test(line));
}

/**
 * The script without the block init wrote (uninstall): the blank line init put
 * before a block it appended, or after one it put above an `exit`, goes with it.
 * Undefined when the script holds no block of init's.
 */
export function removePreCommitBlock(script: string): string | undefined {
  const ours = ownBlock(script);
  if (!ours) return undefined;
  const head = script.slice(0, ours.start);
  const tail = script.slice(ours.end);
  if (tail === '') return head.endsWith('\n\n') ? head.slice(0, -1) : head;
  return head + (tail.startsWith('\n') ? tail.slice(1) : tail);
}

/** What is left of a hook script init created once its block is gone: nothing of the user's. */
export function emptyScript(script: string): boolean {
  return script.trim() === '' || script === SHEBANG;
}

/** A lint-staged config's text without the entry init added (the line, in the file's format; the key, in JSON); undefined when it holds none. */
export function removeLintStagedEntry(file: string, text: string): { readonly after: string } | { readonly problem: string } | undefined {
  if (!text.includes(STAGED_CHECK)) return undefined;
  if (/\.[cm]?js$/.test(file)) return removeLine(text, /\n[ \t]*'[^'\n]*': \(\) => 'memdex check --staged',/);
  if (file.endsWith('.json') || (!/\.ya?ml$/.test(file) && text.trimStart().startsWith('{'))) {
    const parsed = parseJsonObject(text, file);
    if ('problem' in parsed) return parsed;
    return { after: renderJson(withoutCheck(parsed.value), parsed.indent) };
  }
  return removeLine(text, /^'[^'\n]*': memdex check --staged\n?/m);
}

function removeLine(text: string, line: RegExp): { readonly after: string } | undefined {
  const match = line.exec(text);
  return match ? { after: text.slice(0, match.index) + text.slice(match.index + match[0].length) } : undefined;
}

function withoutCheck(config: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== STAGED_CHECK));
}

/** package.json without the lint-staged entry init added; undefined when it holds none. */
export function removeFromPackageJson(pkg: JsonObject, indent: string): string | undefined {
  const config = pkg['lint-staged'];
  if (!isObject(config) || !Object.values(config).includes(STAGED_CHECK)) return undefined;
  return renderJson({ ...pkg, 'lint-staged': withoutCheck(config) }, indent);
}

/** lefthook's YAML configs, at the top of the working tree, in its own search order. */
export const LEFTHOOK_FILES: readonly string[] = ['lefthook.yml', '.lefthook.yml', 'lefthook.yaml', '.lefthook.yaml'];
/** A line of every git hook `lefthook install` writes (1.x and 2.x). */
export const LEFTHOOK_HOOK_MARK = 'call_lefthook';
/** lefthook's config, the first of LEFTHOOK_FILES there, as a path from `root` (init.ts fromRoot). */
export function lefthookConfig(exists: (path: string) => boolean, inTop: (file: string) => string): string | undefined {
  return LEFTHOOK_FILES.map(inTop).find(exists);
}

