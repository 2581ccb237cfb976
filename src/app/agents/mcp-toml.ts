/**
 * memdex's server in Codex CLI's TOML config (`[mcp_servers.memdex]`): the file is
 * parsed (smol-toml) to know what it holds, and memdex's table is appended to its
 * text, under a comment line of its own, so that the user's comments and layout stay
 * byte for byte; the result is parsed again and must hold the server. The removal
 * takes that table (and its sub-tables) out of the text, and checks with the parser
 * that nothing else changed.
 */
import { parse, stringify, TomlError } from 'smol-toml';
import { TOML_MARK, agentMessages as m } from '../../messages/agents.js';
import { isObject, type JsonObject } from '../json-file.js';
import { SERVER_NAME, type McpServer } from './agents.js';
import { serverOf, type ServerEdit } from './mcp-json.js';

const TABLE = 'mcp_servers';

export function parseToml(file: string, text: string): { readonly value: JsonObject } | { readonly problem: string } {
  try {
    return { value: parse(text) as JsonObject };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    return { problem: m.tomlUnreadable(file, error.line, error.column, reason) };
  }
}

/** The server a Codex config holds under `mcp_servers.memdex`. */
export function tomlServer(value: JsonObject): McpServer | 'absent' | 'malformed' {
  const entry = isObject(value[TABLE]) ? value[TABLE][SERVER_NAME] : undefined;
  return entry === undefined ? 'absent' : serverOf(entry);
}

/** memdex's table as TOML text, under its comment line. */
export function serverTable(server: McpServer): string {
  return `${TOML_MARK}\n${stringify({ [TABLE]: { [SERVER_NAME]: { command: server.command, args: [...server.args] } } }).trim()}\n`;
}

export function addTomlServer(file: string, text: string | undefined, server: McpServer): ServerEdit {
  const before = text ?? '';
  const parsed = parseToml(file, before);
  if ('problem' in parsed) return parsed;
  const servers = parsed.value[TABLE];
  if (servers !== undefined && !isObject(servers)) return { problem: m.notATable(file, TABLE, 'a table') };
  const present = tomlServer(parsed.value);
  if (present !== 'absent') {
    const same = present !== 'malformed' && present.command === server.command && present.args.join('\0') === server.args.join('\0');
    return same ? 'present' : { differs: m.serverDiffers(file, `[${TABLE}.${SERVER_NAME}]`) };
  }
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const after = `${before}${lead}${serverTable(server)}`;
  // An inline `mcp_servers = { … }` cannot be extended by a table: the parser says so.
  const check = parseToml(file, after);
  if ('problem' in check || tomlServer(check.value) === 'absent') return { problem: m.tomlCannotAppend(file) };
  return { after };
}

const HEADER = /^[ \t]*\[/;
const OUR_HEADER = /^[ \t]*\[[ \t]*mcp_servers[ \t]*\.[ \t]*("memdex"|'memdex'|memdex)[ \t]*(\]|\.)/;

/** The text without memdex's table; undefined: nothing else was in the file. */
export function removeTomlServer(file: string, text: string): { readonly after: string | undefined } | 'absent' | { readonly problem: string } {
  const parsed = parseToml(file, text);
  if ('problem' in parsed) return parsed;
  if (tomlServer(parsed.value) === 'absent') return 'absent';
  const lines = text.split(/(?<=\n)/);
  const kept: string[] = [];
  let inOurs = false;
  for (const line of lines) {
    if (line.trimEnd() === TOML_MARK) continue;
    if (HEADER.test(line)) inOurs = OUR_HEADER.test(line);
    if (!inOurs) kept.push(line);
  }
  const after = kept.join('').replace(/\n{3,}/g, '\n\n').replace(/\n\n$/, '\n');
  const check = parseToml(file, after);
  const expected = { ...parsed.value, [TABLE]: withoutOurs(parsed.value[TABLE]) };
  if ('problem' in check || JSON.stringify(dropEmpty(check.value)) !== JSON.stringify(dropEmpty(expected))) return { problem: m.tomlCannotRemove(file) };
  return { after: after.trim() === '' ? undefined : after };
}

/** The value without an empty `mcp_servers` (a bare `[mcp_servers]` header left behind is the same config). */
function dropEmpty(value: JsonObject): JsonObject {
  const servers = value[TABLE];
  if (!isObject(servers) || Object.keys(servers).length > 0) return value;
  const { [TABLE]: _empty, ...rest } = value;
  return rest;
}

function withoutOurs(servers: unknown): unknown {
  if (!isObject(servers)) return servers;
  const { [SERVER_NAME]: _ours, ...rest } = servers;
  return rest;
}
