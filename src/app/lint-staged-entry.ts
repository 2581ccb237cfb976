/**
 * The lint-staged entry that runs `memdex check --staged`, added to a config
 * file in its own format (init-git.ts says when lint-staged is the way): a key of
 * the JSON object, a `key: value` line of a YAML mapping, or a property of the
 * object literal a JavaScript config exports, found by parsing it with acorn.
 * A module of its own because acorn is ~200 kB of code to compile: `memdex init`
 * loads it only when the repository has a lint-staged config file.
 */
import { parse, type Expression, type Identifier, type Node, type Program } from 'acorn';
import { STAGED_CHECK, initMessages as m } from '../messages/init.js';
import { renderJson, parseJsonObject } from './json-file.js';
import type { ConfigEdit, ModuleFormat } from './init-git.js';

/** A top-level `key:` line of a YAML block mapping (plain, single- or double-quoted key). */
const YAML_TOP_KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[][^:#]*?)\s*:(\s|$)/;

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
