/**
 * A JSON file memdex merges into and never overwrites (`.claude/settings.json`,
 * `memdex.config.json`, `package.json`): parsed with the place of a syntax error
 * (file:line:column), written back with the file's own indentation and final
 * newline, so that a merge changes only the keys it adds.
 */
import { offsetToLocation } from '../model/lines.js';
import { locateJsonPointer, parseJsonTree, toValue } from '../model/json-tree.js';
import { stripBom } from '../model/bom.js';
import { initMessages as m } from '../messages/init.js';

export type JsonObject = Record<string, unknown>;

export interface JsonText {
  readonly text: string;
  readonly value: JsonObject;
  readonly indent: string;
}

/** The parsed object, or the problem naming `display:line:col`. */
export function parseJsonObject(text: string, display: string): JsonText | { readonly problem: string } {
  const body = stripBom(text);
  const tree = parseJsonTree(body);
  if (!tree.ok) {
    const at = offsetToLocation(body, tree.error.offset);
    return { problem: m.cannotParse(`${display}:${at.line}:${at.column}`, tree.error.message) };
  }
  if (tree.root.kind !== 'object') {
    const at = offsetToLocation(body, tree.root.start);
    return { problem: m.notAnObject(`${display}:${at.line}:${at.column}`, 'the file', 'a JSON object') };
  }
  return { text, value: toValue(tree.root) as JsonObject, indent: /^\{\r?\n([ \t]+)\S/.exec(body)?.[1] ?? '  ' };
}

/** The text of `value` written as the file was: its indentation, a final newline. */
export function renderJson(value: unknown, indent: string): string {
  return `${JSON.stringify(value, null, indent)}\n`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `display:line:col` of the value a JSON pointer names. */
export function jsonWhere(text: string, display: string, pointer: string): string {
  const at = locateJsonPointer(text, pointer);
  return `${display}:${at.line}:${at.column}`;
}
