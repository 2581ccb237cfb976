/**
 * The agents `memdex init --agent` wires, the one description of where each reads
 * what (docs/agents.md): the MCP server (`memdex mcp`) in the agent's own project
 * config, and the memory's entry point in the file the agent reads its
 * instructions from. Claude Code's entry point is its own (hooks, skills, the
 * index imported in CLAUDE.md: init-claude.ts); the others get a marked block.
 *
 * - Claude Code: `.mcp.json` (`mcpServers`), project-scoped.
 * - Codex CLI: `.codex/config.toml` (`[mcp_servers.<name>]`), read for a project
 *   Codex trusts (the user's `~/.codex/config.toml` is not touched); AGENTS.md.
 * - Gemini CLI: `.gemini/settings.json` (`mcpServers`); GEMINI.md, or the first
 *   file its `context.fileName` names.
 * - Cursor: `.cursor/mcp.json` (`mcpServers`); the rule `.cursor/rules/memdex.mdc`
 *   (always applied). Cursor starts project servers outside the project folder, so
 *   its command names the project's bin through `${workspaceFolder}`.
 */
import type { MemdexSource } from '../memdex-command.js';

export const AGENT_NAMES = ['claude', 'codex', 'gemini', 'cursor'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export const SERVER_NAME = 'memdex';

/** Where an agent reads its MCP servers: a JSON object's `mcpServers`, or Codex's TOML `[mcp_servers.*]`. */
export type McpConfig = { readonly format: 'json'; readonly file: string } | { readonly format: 'toml'; readonly file: string };

/** Where it reads the memory's entry point: a marked block in a markdown file, a rule file of its own, or Claude Code's own wiring. */
export type EntryPoint = { readonly kind: 'block'; readonly file: string } | { readonly kind: 'rule'; readonly file: string } | { readonly kind: 'claude' };

export interface Agent {
  readonly name: AgentName;
  readonly label: string;
  readonly mcp: McpConfig;
  readonly entry: EntryPoint;
}

export const GEMINI_SETTINGS = '.gemini/settings.json';
export const GEMINI_CONTEXT_FILE = 'GEMINI.md';

export const AGENTS: Readonly<Record<AgentName, Agent>> = {
  claude: { name: 'claude', label: 'Claude Code', mcp: { format: 'json', file: '.mcp.json' }, entry: { kind: 'claude' } },
  codex: { name: 'codex', label: 'Codex CLI', mcp: { format: 'toml', file: '.codex/config.toml' }, entry: { kind: 'block', file: 'AGENTS.md' } },
  gemini: { name: 'gemini', label: 'Gemini CLI', mcp: { format: 'json', file: GEMINI_SETTINGS }, entry: { kind: 'block', file: GEMINI_CONTEXT_FILE } },
  cursor: { name: 'cursor', label: 'Cursor', mcp: { format: 'json', file: '.cursor/mcp.json' }, entry: { kind: 'rule', file: '.cursor/rules/memdex.mdc' } },
};

/** The `--agent` values (repeated, or comma lists) as agent names, in AGENT_NAMES order; the first unknown one otherwise. */
export function parseAgents(values: readonly string[]): { readonly agents: readonly AgentName[] } | { readonly unknown: string } {
  const named = values.flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase());
  const unknown = named.find((name) => !(AGENT_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) return { unknown };
  return { agents: AGENT_NAMES.filter((name) => named.includes(name)) };
}

export interface McpServer {
  readonly command: string;
  readonly args: readonly string[];
}

/** Cursor's variable for the folder it opened (the project), expanded in `command` and `args`. */
export const WORKSPACE_FOLDER = '${workspaceFolder}';

/**
 * The command line an agent starts memdex's MCP server with, from the memdex init
 * chose (memdex-command.ts): a global install's `memdex mcp`; the project's through
 * `npx --no --` (it finds the bin in a node_modules at or above the folder the agent
 * starts in, and never downloads); for Cursor, the project's bin by its path in the
 * opened folder, the tree named with --root.
 */
export function mcpServer(agent: AgentName, source: MemdexSource): McpServer {
  if (source.kind === 'global') return { command: 'memdex', args: ['mcp'] };
  if (agent === 'cursor') return { command: `${WORKSPACE_FOLDER}/${source.bin}`, args: ['mcp', '--root', WORKSPACE_FOLDER] };
  return { command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] };
}

/** How the entry block's shell examples start memdex. */
export function shellMemdex(source: MemdexSource): string {
  return source.kind === 'global' ? 'memdex' : 'npx memdex';
}
