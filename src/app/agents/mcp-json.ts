/**
 * memdex's server in a JSON `mcpServers` object (Claude Code's `.mcp.json`,
 * Gemini CLI's `.gemini/settings.json`, Cursor's `.cursor/mcp.json`): added key by
 * key, the user's servers and keys as they are (json-file.ts); removed the same way.
 */
import { agentMessages as m } from '../../messages/agents.js';
import { isObject, jsonWhere, parseJsonObject, renderJson, type JsonObject } from '../json-file.js';
import { SERVER_NAME, type McpServer } from './agents.js';

export type ServerEdit = { readonly after: string } | 'present' | { readonly differs: string } | { readonly problem: string };

/** The file with `mcpServers.memdex` added (undefined text: a new file). */
export function addJsonServer(file: string, text: string | undefined, server: McpServer, extra: JsonObject = {}): ServerEdit {
  const parsed = text === undefined ? { text: '', value: {} as JsonObject, indent: '  ' } : parseJsonObject(text, file);
  if ('problem' in parsed) return { problem: parsed.problem };
  const servers = parsed.value.mcpServers ?? {};
  if (!isObject(servers)) return { problem: m.notATable(jsonWhere(parsed.text, file, '/mcpServers'), 'mcpServers', 'an object') };
  const present = servers[SERVER_NAME];
  if (present !== undefined) return sameServer(present, server) ? 'present' : { differs: m.serverDiffers(file, `mcpServers.${SERVER_NAME}`) };
  const value = { ...parsed.value, mcpServers: { ...servers, [SERVER_NAME]: { ...extra, command: server.command, args: [...server.args] } } };
  return { after: renderJson(value, parsed.indent) };
}

/** The file without `mcpServers.memdex` (an emptied `mcpServers` goes too); undefined: the file held nothing else. */
export function removeJsonServer(file: string, text: string): { readonly after: string | undefined } | 'absent' | { readonly problem: string } {
  const parsed = parseJsonObject(text, file);
  if ('problem' in parsed) return { problem: parsed.problem };
  const servers = parsed.value.mcpServers;
  if (!isObject(servers) || servers[SERVER_NAME] === undefined) return 'absent';
  const { [SERVER_NAME]: _ours, ...rest } = servers;
  const { mcpServers: _servers, ...others } = parsed.value;
  const value = Object.keys(rest).length > 0 ? { ...parsed.value, mcpServers: rest } : others;
  return { after: Object.keys(value).length === 0 ? undefined : renderJson(value, parsed.indent) };
}

/** The server a JSON config holds under `mcpServers.memdex`, if its command and args are the documented types. */
export function jsonServer(value: JsonObject): McpServer | 'absent' | 'malformed' {
  const entry = isObject(value.mcpServers) ? value.mcpServers[SERVER_NAME] : undefined;
  if (entry === undefined) return 'absent';
  return serverOf(entry);
}

export function serverOf(entry: unknown): McpServer | 'malformed' {
  if (!isObject(entry) || typeof entry.command !== 'string' || entry.command === '') return 'malformed';
  const args = entry.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return 'malformed';
  return { command: entry.command, args };
}

function sameServer(entry: unknown, server: McpServer): boolean {
  const found = serverOf(entry);
  return found !== 'malformed' && found.command === server.command && found.args.join('\0') === server.args.join('\0');
}
