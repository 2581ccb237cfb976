/** `memdex mcp [--root DIR]`: the MCP server (cli/mcp-server.ts, its own bundle: dist/mcp.cjs). */
import { mcpSpec } from '../../messages/command-specs.js';
import { runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(mcpSpec, argv, async (args) => {
    const root = str(args, 'root');
    const { serveMcp } = await import('../mcp-server.js');
    return serveMcp(root !== undefined ? { root } : {});
  });
}
