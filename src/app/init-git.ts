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
 * - any other hooks path, or hooks of the user's own: init does not take git's
 *   hooks away from them; it says where to call `.husky/pre-commit` from, and
 *   `memdex doctor` reports the hook as not installed until then.
 *
 * With lint-staged (a config file, or the `lint-staged` key of package.json),
 * the entry goes into that config, in its own format: a key of the JSON object,
 * a `key: value` line of a YAML mapping, or a property of the object literal a
 * JavaScript config exports: `export default {` in an ES module (`.mjs`, or `.js`
 * in a `"type": "module"` package), `module.exports = {` in CommonJS. A config
 * whose syntax is not the module format Node loads it as (the documented ESM
 * example in a CommonJS package) is broken already; it is named, not edited.
 */
import { offsetToLocation } from '../model/lines.js';
import { SHEBANG, STAGED_CHECK, initMessages as m, preCommitBlock } from '../messages/init.js';
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

const ESM_EXPORT = /export\s+default\s*\{/;
const CJS_EXPORT = /module\.exports\s*=\s*\{/;
/** A top-level `key:` line of a YAML block mapping (plain, single- or double-quoted key). */
const YAML_TOP_KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[][^:#]*?)\s*:(\s|$)/;

/** The lint-staged glob of the memory files (root-relative). */
export function lintStagedGlob(memoryPaths: readonly string[]): string {
  return `{${memoryPaths.join(',')}}`;
}

export type ConfigEdit = { readonly after: string } | { readonly problem: string } | 'present';

/** The lint-staged entry added to a config file's text, in the file's format. */
export function addLintStagedEntry(file: string, text: string, glob: string, packageType: ModuleFormat): ConfigEdit {
  if (text.includes(STAGED_CHECK)) return 'present';
  const ext = /\.[cm]?js$/.exec(file)?.[0];
  if (ext) return addToJsConfig(file, text, glob, ext === '.mjs' ? 'module' : ext === '.cjs' ? 'commonjs' : packageType);
  if (file.endsWith('.json') || (!/\.ya?ml$/.test(file) && text.trimStart().startsWith('{'))) return addToJsonConfig(file, text, glob);
  return addToYamlConfig(file, text, glob);
}

function addToJsConfig(file: string, text: string, glob: string, format: ModuleFormat): ConfigEdit {
  const [own, other] = format === 'module' ? [ESM_EXPORT, CJS_EXPORT] : [CJS_EXPORT, ESM_EXPORT];
  const match = own.exec(text);
  const entry = `'${glob}': () => '${STAGED_CHECK}',`;
  if (!match) {
    const wrong = other.exec(text);
    if (wrong) {
      const at = offsetToLocation(text, wrong.index);
      return { problem: m.jsConfigWrongFormat(`${file}:${at.line}:${at.column}`, wrong[0].replace(/\s*\{$/, ''), format === 'module' ? 'an ES module' : 'CommonJS') };
    }
    return { problem: m.jsConfigUnrecognised(file, format === 'module' ? 'export default' : 'module.exports =', entry) };
  }
  const cut = match.index + match[0].length;
  return { after: `${text.slice(0, cut)}\n  ${entry}${text.slice(cut)}` };
}

function addToJsonConfig(file: string, text: string, glob: string): ConfigEdit {
  const parsed = parseJsonObject(text, file);
  if ('problem' in parsed) return parsed;
  return { after: renderJson({ ...parsed.value, [glob]: STAGED_CHECK }, parsed.indent) };
}

function addToYamlConfig(file: string, text: string, glob: string): ConfigEdit {
  const lines = text.split('\n');
  const bad = lines.findIndex((line) => line.trim() !== '' && !/^(\s|#|---\s*$)/.test(line) && !YAML_TOP_KEY.test(line));
  if (bad >= 0) return { problem: m.yamlUnrecognised(`${file}:${bad + 1}:1`) };
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  return { after: `${text}${separator}'${glob}': ${STAGED_CHECK}\n` };
}

/** The `lint-staged` key of package.json given the entry, or the problem, or 'present'. */
export function addToPackageJson(text: string, pkg: JsonObject, indent: string, glob: string): ConfigEdit {
  const config = pkg['lint-staged'];
  if (!isObject(config)) return { problem: m.notAnObject(jsonWhere(text, 'package.json', '/lint-staged'), '"lint-staged"', 'an object') };
  if (Object.values(config).some((v) => JSON.stringify(v).includes(STAGED_CHECK))) return 'present';
  return { after: renderJson({ ...pkg, 'lint-staged': { ...config, [glob]: STAGED_CHECK } }, indent) };
}

/** `.husky/pre-commit` with memdex's block: a new executable script, or the block appended to the user's. */
export function preCommitText(before: string | undefined, pathspecs: readonly string[], memdex: string, rootArgs: string): string | 'present' {
  if (before?.includes(STAGED_CHECK)) return 'present';
  const block = preCommitBlock(pathspecs, memdex, rootArgs);
  if (before === undefined || before.trim() === '') return `${SHEBANG}${block}`;
  return `${before}${before.endsWith('\n') ? '' : '\n'}\n${block}`;
}

/** The user's package.json `type`, as Node reads a `.js` file next to it. */
export function packageType(pkg: JsonObject | undefined): ModuleFormat {
  return pkg?.type === 'module' ? 'module' : 'commonjs';
}

/** A lint-staged call in a hook script that lets deletions through (`--diff-filter` naming D). */
export function lintStagedSkipsDeletions(hook: string): boolean {
  return hook.split('\n').some((line) => /\blint-staged\b/.test(line) && !line.trimStart().startsWith('#') && !/--diff-filter[= ]\S*D/.test(line));
}
