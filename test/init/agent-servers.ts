/**
 * The memdex servers the agents' configs name, read from the files `init --agent`
 * wrote, and started as each agent starts them: in the project's folder, Cursor's
 * `${workspaceFolder}` expanded to it; asked `when` through the MCP SDK's client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

export interface ServerEntry {
  readonly command: string;
  readonly args: readonly string[];
}

type Servers = Record<string, ServerEntry>;

/** The `memdex` entry of each agent config present in `dir`. */
export function configuredServers(dir: string, agents: readonly ('claude' | 'codex' | 'gemini' | 'cursor')[]): Record<string, ServerEntry> {
  const json = (path: string) => (JSON.parse(readFileSync(join(dir, path), 'utf8')) as { mcpServers: Servers }).mcpServers.memdex!;
  const read = {
    claude: () => json('.mcp.json'),
    codex: () => (parseToml(readFileSync(join(dir, '.codex/config.toml'), 'utf8')) as unknown as { mcp_servers: Servers }).mcp_servers.memdex!,
    gemini: () => json('.gemini/settings.json'),
    cursor: () => json('.cursor/mcp.json'),
  };
  return Object.fromEntries(agents.map((agent) => [agent, read[agent]()]));
}

/** Starts the server in `dir` as the agent would, calls `when` with the query, returns the answer's text (throws on an error result). */
export async function whenThrough(server: ServerEntry, dir: string, query: string, env: Record<string, string>): Promise<string> {
  const expand = (word: string) => word.replaceAll('${workspaceFolder}', dir);
  const transport = new StdioClientTransport({
    command: expand(server.command),
    args: server.args.map(expand),
    cwd: dir,
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', CLAUDE_PROJECT_DIR: '', MEMDEX_LEARN: '0', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'memdex-test-agent', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = (await client.callTool({ name: 'when', arguments: { query } })) as { content: { text: string }[]; isError?: boolean };
    const text = result.content.map((c) => c.text).join('\n');
    if (result.isError === true) throw new Error(`when ${query}: ${text}`);
    return text;
  } finally {
    await client.close();
  }
}
