/**
 * The removal of what `init --agent` wrote (for `memdex uninstall`): memdex's
 * server out of each agent's MCP config, its block out of AGENTS.md / GEMINI.md, its
 * Cursor rule; each file keeps everything else byte for byte where the format allows
 * (the block and the TOML table are cut out of the text; JSON is re-rendered with the
 * file's indentation), and a file left holding nothing is removed. A file it cannot
 * parse, or a part the user edited, is named and left as it is.
 *
 * `planAgentRemoval` plans from the text on disk; `removeAgentWiring` applies the plan
 * (each write refused if the file changed since it was read).
 */
import { agentMessages as m, cursorRule } from '../../messages/agents.js';
import type { Config } from '../../model/config.js';
import type { SetupHost, TreeHost } from '../host.js';
import { PROJECT_BIN, type MemdexSource } from '../memdex-command.js';
import { AGENT_NAMES, AGENTS, shellMemdex, type AgentName } from './agents.js';
import { removeBlock } from './entry-block.js';
import { removeJsonServer } from './mcp-json.js';
import { removeTomlServer } from './mcp-toml.js';
import { entryFile, type ReadFile } from './plan-agents.js';

export interface AgentRemoval {
  readonly path: string;
  readonly before: string;
  /** undefined: the file is removed. */
  readonly after: string | undefined;
  readonly what: string;
}

export interface AgentRemovalPlan {
  readonly removals: readonly AgentRemoval[];
  readonly notes: readonly string[];
  readonly problems: readonly string[];
}

/** The memdex a Cursor rule may have been written for: the project's or a global one (their rules differ in the shell command). */
const SOURCES: readonly MemdexSource[] = [{ kind: 'project', bin: PROJECT_BIN }, { kind: 'global' }];

/**
 * What removing memdex from the agents' files changes (all agents by default). The
 * Cursor rule is removed when it is the one memdex writes for this tree (with either
 * memdex), else named.
 */
export function planAgentRemoval(read: ReadFile, config: Config, agents: readonly AgentName[] = AGENT_NAMES): AgentRemovalPlan {
  const current = new Map<string, { before: string; after: string | undefined; what: string[] }>();
  const notes: string[] = [];
  const problems: string[] = [];
  const text = (path: string) => (current.has(path) ? current.get(path)!.after : read(path));
  const record = (path: string, after: string | undefined, what: string) => {
    const entry = current.get(path) ?? { before: read(path)!, after: undefined, what: [] };
    current.set(path, { ...entry, after, what: [...entry.what, what] });
  };
  for (const name of agents) {
    const agent = AGENTS[name];
    const file = agent.mcp.file;
    const config_ = text(file);
    if (config_ !== undefined) {
      const edit = agent.mcp.format === 'toml' ? removeTomlServer(file, config_) : removeJsonServer(file, config_);
      if (edit !== 'absent' && 'problem' in edit) problems.push(edit.problem);
      else if (edit !== 'absent') record(file, edit.after, edit.after === undefined ? m.fileRemoved(file) : m.serverRemoved(file));
    }
    if (agent.entry.kind === 'block') {
      const entry = entryFile(agent, (path) => (path === file ? config_ : text(path)));
      const body = text(entry);
      const edit = body === undefined ? 'absent' : removeBlock(body);
      if (edit !== 'absent') record(entry, edit.after, edit.after === undefined ? m.fileRemoved(entry) : m.blockRemoved(entry));
    } else if (agent.entry.kind === 'rule') {
      const rule = text(agent.entry.file);
      if (rule === undefined) continue;
      const ours = SOURCES.some((source) => cursorRule(config.index, config.decisions, shellMemdex(source)) === rule);
      if (ours) record(agent.entry.file, undefined, m.fileRemoved(agent.entry.file));
      else notes.push(m.ruleEdited(agent.entry.file));
    }
  }
  const removals = [...current.entries()].map(([path, entry]) => ({ path, before: entry.before, after: entry.after, what: entry.what.join('; ') }));
  return { removals, notes, problems };
}

/** Applies a removal plan in the tree's folder: each file rewritten (refused if it changed since it was read) or removed. */
export function removeAgentWiring(host: TreeHost & SetupHost, root: string, plan: AgentRemovalPlan): void {
  for (const removal of plan.removals) {
    const path = host.resolvePath(root, removal.path);
    if (removal.after === undefined) host.removeFile(path);
    else host.writeSetupFile(path, removal.after, { expected: removal.before, display: removal.path });
  }
}
