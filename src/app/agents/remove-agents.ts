/**
 * The removal of what `init --agent` wrote: the agents' part of `memdex uninstall`
 * (uninstall.ts applies it with the rest). memdex's server out of each agent's MCP
 * config, its block out of AGENTS.md / GEMINI.md, its Cursor rule; each file keeps
 * everything else byte for byte where the format allows (the block and the TOML
 * table are cut out of the text; JSON is re-rendered with the file's indentation). A
 * file left holding nothing is removed when init created it (`createdByInit`, from
 * init's record), else left empty. A file it cannot parse, or a rule the user edited,
 * is named and left as it is. The TOML parser (mcp-toml.ts) is imported only when a
 * TOML config is there.
 */
import { agentMessages as m, cursorRule } from '../../messages/agents.js';
import type { Config } from '../../model/config.js';
import { PROJECT_BIN, type MemdexSource } from '../memdex-command.js';
import { AGENT_NAMES, AGENTS, shellMemdex, type AgentName } from './agents.js';
import { removeBlock } from './entry-block.js';
import { removeJsonServer } from './mcp-json.js';
import { entryFile, type ReadFile } from './plan-agents.js';

/** One file the removal changes, root-relative: its text now, and after (undefined: removed). */
export interface AgentRemoval {
  readonly path: string;
  readonly before: string;
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

/** What an emptied file holds when it stays (the user had it before init). */
const EMPTY = { json: '{}\n', toml: '', text: '' } as const;

/**
 * What removing memdex from the agents' files changes (all agents by default). The
 * Cursor rule is removed when it is the one memdex writes for this tree (with either
 * memdex), else named. `createdByInit`: whether init created a file (default: yes).
 */
export async function planAgentRemoval(read: ReadFile, config: Config, options: { readonly agents?: readonly AgentName[]; readonly createdByInit?: (path: string) => boolean } = {}): Promise<AgentRemovalPlan> {
  const created = options.createdByInit ?? (() => true);
  const current = new Map<string, { before: string; after: string | undefined; what: string }>();
  const notes: string[] = [];
  const problems: string[] = [];
  const text = (path: string) => (current.has(path) ? current.get(path)!.after : read(path));
  /** `after` undefined: the file held only `part`; removed, or emptied when the user had it. */
  const record = (path: string, after: string | undefined, part: string, empty: string) => {
    const before = current.get(path)?.before ?? read(path)!;
    const goes = after === undefined && created(path);
    current.set(path, { before, after: goes ? undefined : (after ?? empty), what: goes ? m.fileRemoved(part) : part });
  };
  for (const name of options.agents ?? AGENT_NAMES) {
    const agent = AGENTS[name];
    const file = agent.mcp.file;
    const mcp = text(file);
    if (mcp !== undefined) {
      const edit = agent.mcp.format === 'toml' ? (await import('./mcp-toml.js')).removeTomlServer(file, mcp) : removeJsonServer(file, mcp);
      if (edit !== 'absent' && 'problem' in edit) problems.push(edit.problem);
      else if (edit !== 'absent') record(file, edit.after, m.serverRemoved, EMPTY[agent.mcp.format]);
    }
    if (agent.entry.kind === 'block') {
      const entry = entryFile(agent, (path) => (path === file ? mcp : text(path)));
      const body = text(entry);
      const edit = body === undefined ? 'absent' : removeBlock(body);
      if (edit !== 'absent') record(entry, edit.after, m.blockRemoved, EMPTY.text);
    } else if (agent.entry.kind === 'rule') {
      const rule = text(agent.entry.file);
      if (rule === undefined) continue;
      if (SOURCES.some((source) => cursorRule(config.index, config.decisions, shellMemdex(source)) === rule)) record(agent.entry.file, undefined, m.ruleRemoved, EMPTY.text);
      else notes.push(m.ruleEdited(agent.entry.file));
    }
  }
  return { removals: [...current.entries()].map(([path, entry]) => ({ path, ...entry })), notes, problems };
}
