/**
 * memdex's command in lefthook's config (init-git.ts): added, taken out, and
 * checked (doctor). A module of its own because the YAML parser is ~260 kB of code
 * to compile: init, uninstall and doctor load it only when the repository has a
 * lefthook config.
 */
import { Document, isMap, isNode, isScalar, parseDocument, type YAMLMap } from 'yaml';
import { offsetToLocation } from '../model/lines.js';
import { STAGED_CHECK, initMessages as m } from '../messages/init.js';
import type { ConfigEdit } from './init-git.js';

/** The name of memdex's command under lefthook's `pre-commit: commands:`. */
const LEFTHOOK_COMMAND = 'memdex';

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
