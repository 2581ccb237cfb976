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
 *   config instead (addFrameworkHook), no husky;
 * - lefthook (a `lefthook.yml` or one of its other YAML names): a `memdex`
 *   command under `pre-commit: commands:` (addLefthookCommand), written as text
 *   into the user's YAML so their bytes stay and uninstall cuts the same lines
 *   out; `lefthook install` writes git's hook, no husky.
 *
 * With lint-staged (a config file, or the `lint-staged` key of package.json),
 * the entry goes into that config, in its own format: a key of the JSON object,
 * a `key: value` line of a YAML mapping, or a property of the object literal a
 * JavaScript config exports (found by parsing it, addToJsConfig): `export default {` in an ES module (`.mjs`, or `.js`
 * in a `"type": "module"` package), `module.exports = {` in CommonJS. A config
 * whose syntax is not the module format Node loads it as (the documented ESM
 * example in a CommonJS package) is broken already; it is named, not edited.
 */
import { Document, isMap, isNode, isScalar, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { parse, type Expression, type Identifier, type Node, type Program } from 'acorn';
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

/**
 * A JavaScript config is parsed (acorn, as Node would load it: an ES module or a
 * script), never searched as text: `export default {` in a comment or a string is
 * not the export. The entry goes after the `{` of the object literal exported
 * (directly, or through a top-level `const` the export names); any other shape is
 * refused with the line to add.
 */
function addToJsConfig(file: string, text: string, glob: string, format: ModuleFormat): ConfigEdit {
  const entry = `'${glob}': () => '${STAGED_CHECK}',`;
  const program = parseJs(text, format);
  if ('error' in program) {
    // The other module format parses it: the config is in the wrong one (lint-staged fails to load it).
    const other = parseJs(text, format === 'module' ? 'commonjs' : 'module');
    const wrong = 'error' in other ? undefined : exportedObject(other.program, format === 'module' ? 'commonjs' : 'module');
    if (wrong) return { problem: m.jsConfigWrongFormat(`${file}:${wrong.statement.line}:${wrong.statement.column}`, format === 'module' ? 'module.exports =' : 'export default', format === 'module' ? 'an ES module' : 'CommonJS') };
    return { problem: m.jsConfigUnparsable(`${file}:${program.error.line}:${program.error.column}`, program.error.message, entry) };
  }
  const own = exportedObject(program.program, format);
  if (own?.object) return { after: `${text.slice(0, own.object + 1)}\n  ${entry}${text.slice(own.object + 1)}` };
  const wrong = exportedObject(program.program, format === 'module' ? 'commonjs' : 'module');
  if (wrong) return { problem: m.jsConfigWrongFormat(`${file}:${wrong.statement.line}:${wrong.statement.column}`, format === 'module' ? 'module.exports =' : 'export default', format === 'module' ? 'an ES module' : 'CommonJS') };
  return { problem: m.jsConfigUnrecognised(file, format === 'module' ? 'export default' : 'module.exports =', entry) };
}

type Position = { readonly line: number; readonly column: number };

function parseJs(text: string, format: ModuleFormat): { readonly program: Program } | { readonly error: Position & { readonly message: string } } {
  try {
    return { program: parse(text, { ecmaVersion: 'latest', sourceType: format === 'module' ? 'module' : 'script', allowHashBang: true, locations: true }) };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = (error as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    return { error: { line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1, message } };
  }
}

/**
 * The config object a program exports in this format: the export statement's
 * position, and the offset of the object literal's `{` (undefined when the export
 * is not an object literal or a top-level `const` holding one).
 */
function exportedObject(program: Program, format: ModuleFormat): { readonly statement: Position; readonly object: number | undefined } | undefined {
  for (const statement of program.body) {
    let value: Expression | undefined;
    if (format === 'module' && statement.type === 'ExportDefaultDeclaration') value = statement.declaration as Expression;
    if (format === 'commonjs' && statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const left = statement.expression.left;
      if (left.type === 'MemberExpression' && isName(left.object, 'module') && isName(left.property, 'exports')) value = statement.expression.right;
    }
    if (value === undefined) continue;
    const at = { line: statement.loc!.start.line, column: statement.loc!.start.column + 1 };
    return { statement: at, object: objectStart(program, value) };
  }
  return undefined;
}

function isName(node: Node, name: string): boolean {
  return node.type === 'Identifier' && (node as Identifier).name === name;
}

function objectStart(program: Program, value: Expression): number | undefined {
  if (value.type === 'ObjectExpression') return value.start;
  if (value.type !== 'Identifier') return undefined;
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
    const declarator = statement.declarations.find((d) => isName(d.id, value.name));
    if (declarator?.init?.type === 'ObjectExpression') return declarator.init.start;
  }
  return undefined;
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

/**
 * The pre-commit framework's config with memdex as a local hook (`language:
 * system`: the memdex init chose, nothing cloned or built), added to `repos:`
 * through a YAML parser that keeps the file's comments; 'present' when a hook
 * `id: memdex` is there (local or memdex's own repository).
 */
export function addFrameworkHook(file: string, text: string, entry: string): ConfigEdit {
  if (/^\s*-?\s*id:\s*['"]?memdex['"]?\s*$/m.test(text)) return 'present';
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) return { problem: m.cannotParse(`${file}:${error.linePos?.[0].line ?? 1}:${error.linePos?.[0].col ?? 1}`, error.message.split('\n')[0]!) };
  const repos = doc.get('repos', true);
  if (repos !== undefined && !isSeq(repos)) return { problem: m.notAnObject(`${file}:1:1`, 'repos', 'a list') };
  const hook = { id: 'memdex', name: 'memdex check (memory index, decision files, playbook)', entry, language: 'system', pass_filenames: false, always_run: true };
  const item = { repo: 'local', hooks: [hook] };
  // `repos:` a block list that ends the file (the usual shape): the item is appended to the text as it is, byte for byte.
  if (isSeq(repos) && !repos.flow && repos.items.length > 0 && text.slice(repos.range![1]).trim() === '') {
    const rendered = new Document({ repos: [item] }).toString().replace(/^repos:\n/, '');
    const start = repos.range![0];
    const indent = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
    const body = rendered.replace(/^ {2}/gm, indent);
    return { after: `${text}${text.endsWith('\n') ? '' : '\n'}${body}` };
  }
  // Else through the parser (a flow list written as a block one, so that the item reads as the docs show it).
  if (isSeq(repos)) repos.flow = false;
  doc.addIn(['repos'], doc.createNode(item));
  return { after: doc.toString({ flowCollectionPadding: false }) };
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

/**
 * The pre-commit framework's config without memdex's hook (id `memdex`): the
 * `repo: local` item init added, cut from the text byte for byte when it holds
 * only that hook; else the hook alone, through the parser. Undefined when absent.
 */
export function removeFrameworkHook(file: string, text: string): { readonly after: string } | { readonly problem: string } | undefined {
  if (!/^\s*-?\s*id:\s*['"]?memdex['"]?\s*$/m.test(text)) return undefined;
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) return { problem: m.cannotParse(`${file}:${error.linePos?.[0].line ?? 1}:${error.linePos?.[0].col ?? 1}`, error.message.split('\n')[0]!) };
  const repos = doc.get('repos', true);
  if (!isSeq(repos)) return undefined;
  for (const [index, item] of repos.items.entries()) {
    if (!isMap(item)) continue;
    const hooks = item.get('hooks', true);
    if (!isSeq(hooks)) continue;
    const at = hooks.items.findIndex((hook) => isMap(hook) && hook.get('id') === 'memdex');
    if (at < 0) continue;
    if (hooks.items.length === 1 && item.get('repo') === 'local' && item.range && !repos.flow) {
      const lineStart = text.lastIndexOf('\n', item.range[0] - 1) + 1;
      return { after: text.slice(0, lineStart) + text.slice(item.range[1]) };
    }
    if (hooks.items.length === 1) repos.items.splice(index, 1);
    else hooks.items.splice(at, 1);
    return { after: doc.toString({ flowCollectionPadding: false }) };
  }
  return undefined;
}

/** lefthook's YAML configs, at the top of the working tree, in its own search order. */
export const LEFTHOOK_FILES: readonly string[] = ['lefthook.yml', '.lefthook.yml', 'lefthook.yaml', '.lefthook.yaml'];
/** A line of every git hook `lefthook install` writes (1.x and 2.x). */
export const LEFTHOOK_HOOK_MARK = 'call_lefthook';
/** The name of memdex's command under lefthook's `pre-commit: commands:`. */
const LEFTHOOK_COMMAND = 'memdex';

/** lefthook's config, the first of LEFTHOOK_FILES there, as a path from `root` (init.ts fromRoot). */
export function lefthookConfig(exists: (path: string) => boolean, inTop: (file: string) => string): string | undefined {
  return LEFTHOOK_FILES.map(inTop).find(exists);
}

/** A YAML block mapping's `key:` pair and where its lines start and end (its value's last line included). */
interface Located {
  readonly map: YAMLMap;
  readonly lines: readonly [number, number];
  readonly indent: number;
}

/**
 * lefthook's config with `pre-commit: commands: memdex: run: <entry>` added.
 * Written as text where the file is block YAML (the usual shape): the lines go
 * after the last command of `pre-commit: commands:`, or of `pre-commit:`, or at
 * the end of the file, at the indentation found there, so every byte of the
 * user's stays as it was and uninstall cuts the same lines out again. Any other
 * shape (flow mappings) goes through the parser, which keeps the comments.
 * 'present' when `pre-commit: commands:` has a `memdex` command.
 */
export function addLefthookCommand(file: string, text: string, entry: string): ConfigEdit {
  const found = lefthookParts(file, text);
  if ('problem' in found) return found;
  const { doc, hook, commands } = found;
  if (commands?.map.has(LEFTHOOK_COMMAND)) return 'present';
  const run = new Document(entry).toString().trimEnd();
  const lines = (depth: number, keys: readonly string[]) =>
    [...keys, LEFTHOOK_COMMAND].map((key, i) => `${' '.repeat(depth + 2 * i)}${key}:\n`).join('') + `${' '.repeat(depth + 2 * (keys.length + 1))}run: ${run}\n`;
  const at = (offset: number) => (offset > 0 && text[offset - 1] !== '\n' ? `${text.slice(0, offset)}\n` : text.slice(0, offset));
  if (commands && !commands.map.flow && commands.map.items.length > 0) {
    const end = lineEnd(text, commands.map.range![1]);
    return { after: `${at(end)}${lines(commands.indent, [])}${text.slice(end)}` };
  }
  if (!commands && hook && !hook.map.flow && hook.map.items.length > 0) {
    const end = lineEnd(text, hook.map.range![1]);
    return { after: `${at(end)}${lines(hook.indent, ['commands'])}${text.slice(end)}` };
  }
  if (!hook && (doc.contents === null || (isMap(doc.contents) && !doc.contents.flow)) && !/^\.\.\.\s*$/m.test(text)) {
    return { after: `${at(text.length)}${lines(0, ['pre-commit', 'commands'])}` };
  }
  doc.setIn(['pre-commit', 'commands', LEFTHOOK_COMMAND], doc.createNode({ run: entry }));
  return { after: doc.toString({ flowCollectionPadding: false, lineWidth: 0 }) };
}

/**
 * lefthook's config without memdex's command: its lines cut out, with the
 * `commands:` (and `pre-commit:`) it leaves empty, as addLefthookCommand added
 * them; through the parser when they are flow YAML. Undefined when absent.
 */
export function removeLefthookCommand(file: string, text: string): { readonly after: string } | { readonly problem: string } | undefined {
  if (!text.includes(STAGED_CHECK)) return undefined;
  const found = lefthookParts(file, text);
  if ('problem' in found) return found;
  const { doc, hook, commands } = found;
  const pair = commands?.map.items.find((item) => isScalar(item.key) && item.key.value === LEFTHOOK_COMMAND);
  if (!hook || !commands || !pair) return undefined;
  const cut = (from: number, to: number) => ({ after: text.slice(0, lineStart(text, from)) + text.slice(lineEnd(text, to)) });
  if (commands.map.items.length === 1 && hook.map.items.length === 1 && isMap(doc.contents) && !doc.contents.flow) return cut(hook.lines[0], hook.lines[1]);
  if (commands.map.items.length === 1 && !hook.map.flow) return cut(commands.lines[0], commands.lines[1]);
  if (!commands.map.flow && isScalar(pair.key) && pair.key.range && isNode(pair.value) && pair.value.range) return cut(pair.key.range[0], pair.value.range[1]);
  commands.map.delete(LEFTHOOK_COMMAND);
  return { after: doc.toString({ flowCollectionPadding: false, lineWidth: 0 }) };
}

/** Whether lefthook's config runs memdex's check before a commit (doctor). */
export function lefthookRunsCheck(text: string): boolean {
  const found = lefthookParts('', text);
  if ('problem' in found) return false;
  const command = found.commands?.map.get(LEFTHOOK_COMMAND, true);
  return isMap(command) && String(command.get('run') ?? '').includes(STAGED_CHECK);
}

function lefthookParts(file: string, text: string): { readonly doc: Document; readonly hook?: Located; readonly commands?: Located } | { readonly problem: string } {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) return { problem: m.cannotParse(`${file}:${error.linePos?.[0].line ?? 1}:${error.linePos?.[0].col ?? 1}`, error.message.split('\n')[0]!) };
  if (doc.contents !== null && !isMap(doc.contents)) return { problem: m.notAnObject(`${file}:1:1`, 'the config', 'a mapping') };
  const hook = doc.contents === null ? undefined : child(file, text, doc.contents, 'pre-commit');
  if (hook && 'problem' in hook) return hook;
  const commands = hook ? child(file, text, hook.map, 'commands') : undefined;
  if (commands && 'problem' in commands) return commands;
  return { doc, ...(hook ? { hook } : {}), ...(commands ? { commands } : {}) };
}

/** The mapping under `key` (undefined when absent or empty), with the lines of its pair and its items' indentation. */
function child(file: string, text: string, map: YAMLMap, key: string): Located | { readonly problem: string } | undefined {
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return undefined;
  const keyStart = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
  if (!isMap(pair.value)) return { problem: m.notAnObject(`${file}:${offsetToLocation(text, keyStart).line}:${offsetToLocation(text, keyStart).column}`, key, 'a mapping') };
  const value = pair.value;
  const first = value.items[0]?.key;
  const firstStart = isScalar(first) ? (first.range?.[0] ?? 0) : 0;
  return { map: value, lines: [keyStart, value.range?.[1] ?? keyStart], indent: firstStart - lineStart(text, firstStart) };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset after the line `offset` is on (itself when it starts a line). */
function lineEnd(text: string, offset: number): number {
  if (offset === 0 || text[offset - 1] === '\n') return offset;
  const next = text.indexOf('\n', offset);
  return next < 0 ? text.length : next + 1;
}
