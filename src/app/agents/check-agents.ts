/**
 * `memdex doctor`'s checks of the agents `init --agent` wired: an agent is checked
 * when one of its files names memdex (its MCP config, or the entry point's block or
 * rule). For each: its config parses, holds `mcpServers.memdex` (`[mcp_servers.memdex]`)
 * with a command, that command starts memdex (run with `--version` in the tree's
 * folder, as the agent would start it), and the entry point is there. One line per
 * agent when all is well; else one problem per failure, each with its fix. The
 * parsers are imported when a file needs them (a Codex config: mcp-toml.ts; a
 * Cursor rule: rule-problem.ts, yaml), not by every doctor.
 */
import { ENTRY_BLOCK_START, agentMessages as m } from '../../messages/agents.js';
import { shellQuote } from '../memdex-command.js';
import type { SetupHost, TreeHost } from '../host.js';
import { parseJsonObject } from '../json-file.js';
import { AGENT_NAMES, AGENTS, WORKSPACE_FOLDER, type Agent, type McpServer } from './agents.js';
import { findBlock } from './entry-block.js';
import { jsonServer } from './mcp-json.js';
import { entryFile, type ReadFile } from './plan-agents.js';

export interface AgentResult {
  readonly check: string;
  readonly status: 'ok' | 'problem';
  readonly message: string;
  readonly fix?: string;
}

/** `memdex --version` through the agent's command line: start-up plus a cold disk (npx resolving the bin). */
const COMMAND_TIMEOUT_MS = 20_000;

export async function checkAgents(host: TreeHost & SetupHost, root: string, read: ReadFile): Promise<readonly AgentResult[]> {
  const runs = new Map<string, { status: number | null; output: string }>();
  const start = (line: string) => {
    if (!runs.has(line)) runs.set(line, host.runShell(line, { cwd: root, env: host.env, timeoutMs: COMMAND_TIMEOUT_MS }));
    return runs.get(line)!;
  };
  const results: AgentResult[] = [];
  for (const agent of AGENT_NAMES.map((name) => AGENTS[name]).filter((agent) => wired(agent, read))) results.push(...(await checkAgent(agent, root, read, start)));
  return results;
}

/** Whether memdex wired this agent: its MCP config or its entry point names memdex. */
function wired(agent: Agent, read: ReadFile): boolean {
  if (/\bmemdex\b/.test(read(agent.mcp.file) ?? '')) return true;
  if (agent.entry.kind === 'claude') return false;
  return (read(entryFile(agent, read)) ?? '').includes(ENTRY_BLOCK_START);
}

async function checkAgent(agent: Agent, root: string, read: ReadFile, start: (line: string) => { status: number | null; output: string }): Promise<readonly AgentResult[]> {
  const check = `agent:${agent.name}`;
  const problem = (message: string, fix: string): AgentResult => ({ check, status: 'problem', message, fix });
  const results: AgentResult[] = [];
  const parts: string[] = [];
  const file = agent.mcp.file;
  const text = read(file);
  const server = text === undefined ? undefined : await serverIn(agent, file, text);
  if (text === undefined) results.push(problem(m.fileMissing(agent.label, file), m.initAgentFix(agent.name)));
  else if (typeof server === 'object' && 'problem' in server) results.push(problem(server.problem, m.correctFileFix(file, agent.name)));
  else if (server === 'absent') results.push(problem(m.serverMissing(agent.label, file), m.initAgentFix(agent.name)));
  else if (server === 'malformed') results.push(problem(m.serverNoCommand(agent.label, file), m.correctFileFix(file, agent.name)));
  else if (server !== undefined) {
    const line = versionLine(server, root);
    const run = start(line);
    const output = run.output.trim();
    const shown = [server.command, ...server.args].join(' ');
    if (run.status === 0) parts.push(m.serverOk(file, shown, output.split('\n').at(-1) ?? ''));
    else results.push(problem(m.serverFails(agent.label, file, line, run.status, output.split('\n')[0] ?? ''), m.serverFailsFix));
  }
  const entry = await checkEntry(agent, read);
  if (typeof entry === 'string') parts.push(entry);
  else if (entry) results.push(problem(entry.message, entry.fix));
  if (results.length === 0) return [{ check, status: 'ok', message: m.agentOk(agent.label, parts) }];
  return results;
}

async function serverIn(agent: Agent, file: string, text: string): Promise<McpServer | 'absent' | 'malformed' | { readonly problem: string }> {
  if (agent.mcp.format === 'toml') {
    const { parseToml, tomlServer } = await import('./mcp-toml.js');
    const parsed = parseToml(file, text);
    return 'problem' in parsed ? parsed : tomlServer(parsed.value);
  }
  const parsed = parseJsonObject(text, file);
  return 'problem' in parsed ? { problem: parsed.problem } : jsonServer(parsed.value);
}

/** The server's command line up to `mcp`, asked for memdex's version (Cursor's `${workspaceFolder}` is the tree). */
export function versionLine(server: McpServer, root: string): string {
  const upTo = server.args.indexOf('mcp');
  const words = [server.command, ...(upTo < 0 ? server.args : server.args.slice(0, upTo))].map((word) => word.replaceAll(WORKSPACE_FOLDER, root));
  return `${words.map(shellQuote).join(' ')} --version`;
}

/** The entry point: a line for the ok message, a problem, or undefined (Claude Code's is checked with its hooks and skills). */
async function checkEntry(agent: Agent, read: ReadFile): Promise<string | { readonly message: string; readonly fix: string } | undefined> {
  if (agent.entry.kind === 'claude') return undefined;
  const file = entryFile(agent, read);
  const text = read(file);
  if (agent.entry.kind === 'block') {
    return text !== undefined && findBlock(text) ? m.entryOk(file) : { message: m.entryMissing(agent.label, file), fix: m.initAgentFix(agent.name) };
  }
  if (text === undefined) return { message: m.fileMissing(agent.label, file), fix: m.initAgentFix(agent.name) };
  const why = (await import('./rule-problem.js')).ruleProblem(text);
  return why === undefined ? m.entryOk(file) : { message: m.ruleBad(agent.label, file, why), fix: m.ruleBadFix(file) };
}
