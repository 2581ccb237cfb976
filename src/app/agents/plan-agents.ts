/**
 * `memdex init --agent …`'s part: for each agent named, memdex's MCP server in the
 * agent's config and the memory's entry point where it reads it (agents.ts). Every
 * edit is planned from the text on disk and merged into it (never overwritten); a
 * file it cannot parse is named and left alone. Plans, writes nothing: init writes
 * every file once, after every part has planned. The TOML parser (mcp-toml.ts) is
 * imported only when an agent whose config is TOML is named.
 */
import { agentMessages as m, cursorRule, entryBlock } from '../../messages/agents.js';
import type { Config } from '../../model/config.js';
import { isObject, parseJsonObject, type JsonObject } from '../json-file.js';
import type { MemdexSource } from '../memdex-command.js';
import { AGENTS, GEMINI_CONTEXT_FILE, GEMINI_SETTINGS, mcpServer, shellMemdex, type Agent, type AgentName } from './agents.js';
import { addBlock } from './entry-block.js';
import { addJsonServer, type ServerEdit } from './mcp-json.js';

/** One file a setup step writes: root-relative path, the text it read (undefined: new), the text it writes. */
export interface TextEdit {
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string;
  /** For the report: what changed in it. */
  readonly what: string;
}

export interface AgentPlan {
  readonly edits: readonly TextEdit[];
  readonly notes: readonly string[];
  readonly problems: readonly string[];
}

/** Root-relative reads (undefined: no such file). */
export type ReadFile = (path: string) => string | undefined;

/** Claude Code's `.mcp.json` names the transport, as its docs show. */
const CLAUDE_EXTRA: JsonObject = { type: 'stdio' };

/** `config` undefined: memdex's config could not be read, so the memory's paths are unknown and no entry point is written. */
export async function planAgents(read: ReadFile, agents: readonly AgentName[], source: MemdexSource, config: Config | undefined): Promise<AgentPlan> {
  const edits = new Map<string, TextEdit>();
  const notes: string[] = [];
  const problems: string[] = [];
  /** A file two agents edit (AGENTS.md) is planned on the text the first one left. */
  const current = (path: string) => (edits.has(path) ? edits.get(path)!.after : read(path));
  const record = (path: string, after: string, what: string) => {
    const first = edits.get(path);
    edits.set(path, { path, before: first ? first.before : read(path), after, what: first ? `${first.what}; ${what}` : what });
  };
  for (const name of agents) {
    const agent = AGENTS[name];
    const server = mcpServer(name, source);
    const file = agent.mcp.file;
    const text = current(file);
    const edit: ServerEdit = agent.mcp.format === 'toml' ? (await import('./mcp-toml.js')).addTomlServer(file, text, server) : addJsonServer(file, text, server, name === 'claude' ? CLAUDE_EXTRA : {});
    if (edit === 'present') {
      // nothing to do
    } else if ('after' in edit) record(file, edit.after, agent.mcp.format === 'toml' ? m.tomlServerAdded : m.serverAdded);
    else if ('differs' in edit) notes.push(edit.differs);
    else problems.push(edit.problem);
    if (config) planEntry(agent, current, record, notes, source, config);
  }
  return { edits: [...edits.values()], notes, problems };
}

function planEntry(agent: Agent, read: ReadFile, record: (path: string, after: string, what: string) => void, notes: string[], source: MemdexSource, config: Config): void {
  const entry = agent.entry;
  if (entry.kind === 'claude') return;
  if (entry.kind === 'rule') {
    const rule = cursorRule(config.index, config.decisions, shellMemdex(source));
    const existing = read(entry.file);
    if (existing === undefined) record(entry.file, rule, '');
    else if (existing !== rule) notes.push(m.ruleDiffers(entry.file));
    return;
  }
  const file = entryFile(agent, read);
  const edit = addBlock(read(file), entryBlock(config.index, config.decisions, shellMemdex(source)));
  if (edit !== 'present') record(file, edit.after, m.blockAdded);
}

/** A relative path memdex may write (no absolute path, no `~`, no backslash): a name Gemini CLI resolves in the project. */
const INSIDE_PROJECT = /^[\w.-][\w./-]*$/;

/**
 * The file an agent's block goes into: its entry point, or for Gemini CLI the first
 * file its settings' `context.fileName` names (a string or a list; `contextFileName`
 * before), since it then reads that one instead of GEMINI.md; a name outside the
 * project is not written to (GEMINI.md then).
 */
export function entryFile(agent: Agent, read: ReadFile): string {
  if (agent.entry.kind === 'claude') return '';
  if (agent.name !== 'gemini') return agent.entry.file;
  const text = read(GEMINI_SETTINGS);
  const parsed = text === undefined ? undefined : parseJsonObject(text, GEMINI_SETTINGS);
  if (!parsed || 'problem' in parsed) return GEMINI_CONTEXT_FILE;
  const named = isObject(parsed.value.context) ? parsed.value.context.fileName : parsed.value.contextFileName;
  const first = Array.isArray(named) ? named[0] : named;
  return typeof first === 'string' && INSIDE_PROJECT.test(first) && !first.split('/').includes('..') ? first : GEMINI_CONTEXT_FILE;
}
