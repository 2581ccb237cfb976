/**
 * The parts of `memdex init --agent` a user's files go through, in process: memdex's
 * server merged into a JSON `mcpServers` object and into Codex's TOML (comments and
 * layout kept, read back by the TOML parser), the entry-point block appended and
 * removed, the Cursor rule's front matter, the `--agent` values, and the removal of
 * every part leaving the user's text as it was.
 */
import { describe, expect, test } from '@jest/globals';
import { parse as parseToml } from 'smol-toml';
import { AGENTS, mcpServer, parseAgents } from '../../src/app/agents/agents.js';
import { addBlock, removeBlock } from '../../src/app/agents/entry-block.js';
import { versionLine } from '../../src/app/agents/check-agents.js';
import { ruleProblem } from '../../src/app/agents/rule-problem.js';
import { addJsonServer, removeJsonServer } from '../../src/app/agents/mcp-json.js';
import { addTomlServer, removeTomlServer } from '../../src/app/agents/mcp-toml.js';
import { entryFile, planAgents } from '../../src/app/agents/plan-agents.js';
import { planAgentRemoval } from '../../src/app/agents/remove-agents.js';
import { PROJECT_SOURCE } from '../../src/app/memdex-command.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { cursorRule, entryBlock } from '../../src/messages/agents.js';

const NPX = mcpServer('codex', PROJECT_SOURCE);
const after = (edit: unknown): string => {
  if (typeof edit !== 'object' || edit === null || !('after' in edit) || typeof edit.after !== 'string') throw new Error(`expected an edit, got ${JSON.stringify(edit)}`);
  return edit.after;
};

describe('--agent values', () => {
  test('a comma list, repeated, any case: the agents in their one order; an unknown name is named', () => {
    expect(parseAgents(['gemini,Codex', 'cursor'])).toEqual({ agents: ['codex', 'gemini', 'cursor'] });
    expect(parseAgents(['claude'])).toEqual({ agents: ['claude'] });
    expect(parseAgents(['codex,copilot'])).toEqual({ unknown: 'copilot' });
  });

  test("the server's command follows the memdex init chose: npx --no for the project's (Cursor: its bin in ${workspaceFolder}), memdex on PATH for a global one", () => {
    expect(mcpServer('gemini', PROJECT_SOURCE)).toEqual({ command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] });
    expect(mcpServer('cursor', { kind: 'project', bin: '../../node_modules/.bin/memdex' })).toEqual({
      command: '${workspaceFolder}/../../node_modules/.bin/memdex',
      args: ['mcp', '--root', '${workspaceFolder}'],
    });
    expect(mcpServer('codex', { kind: 'global' })).toEqual({ command: 'memdex', args: ['mcp'] });
    expect(versionLine(mcpServer('cursor', PROJECT_SOURCE), '/home/me/my project')).toBe("'/home/me/my project/node_modules/.bin/memdex' --version");
    expect(versionLine(NPX, '/x')).toBe('npx --no -- memdex --version');
  });
});

describe('a JSON mcpServers config (.mcp.json, .gemini/settings.json, .cursor/mcp.json)', () => {
  const user = '{\n    "theme": "dark",\n    "mcpServers": {\n        "github": { "command": "gh-mcp" }\n    }\n}\n';

  test("memdex's server added beside the user's, in the file's indentation; a second merge is 'present'; removal gives the user's file back", () => {
    const added = after(addJsonServer('.gemini/settings.json', user, NPX));
    expect(JSON.parse(added)).toEqual({ theme: 'dark', mcpServers: { github: { command: 'gh-mcp' }, memdex: { command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] } } });
    expect(added).toContain('\n    "theme": "dark",');
    expect(addJsonServer('.gemini/settings.json', added, NPX)).toBe('present');
    expect(JSON.parse(after(removeJsonServer('.gemini/settings.json', added)))).toEqual(JSON.parse(user));
  });

  test('a new file holds the server alone, and its removal removes the file', () => {
    const added = after(addJsonServer('.mcp.json', undefined, NPX, { type: 'stdio' }));
    expect(added).toBe('{\n  "mcpServers": {\n    "memdex": {\n      "type": "stdio",\n      "command": "npx",\n      "args": [\n        "--no",\n        "--",\n        "memdex",\n        "mcp"\n      ]\n    }\n  }\n}\n');
    expect(removeJsonServer('.mcp.json', added)).toEqual({ after: undefined });
  });

  test('a memdex server the user wrote otherwise is theirs: named, not changed; a broken file or mcpServers named with its place', () => {
    expect(addJsonServer('.cursor/mcp.json', '{"mcpServers":{"memdex":{"command":"memdex","args":["mcp","--root","x"]}}}', NPX)).toEqual({
      differs: ".cursor/mcp.json: mcpServers.memdex is not the one memdex would write; left as it is (memdex doctor checks that it starts)",
    });
    expect(addJsonServer('.cursor/mcp.json', '{"mcpServers": {,}}', NPX)).toEqual({ problem: expect.stringMatching(/^\.cursor\/mcp\.json:1:17: cannot parse: .*left as it is/) });
    expect(addJsonServer('.cursor/mcp.json', '{"mcpServers": []}', NPX)).toEqual({
      problem: ".cursor/mcp.json:1:16: mcpServers is not an object; left as it is. Add memdex's MCP server by hand (docs/agents.md)",
    });
  });
});

describe("Codex CLI's .codex/config.toml", () => {
  const user = '# my codex settings\nmodel = "o3"  # the model\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\nargs = ["--port", "0"]\n';

  test("memdex's table appended under its comment, the user's text byte for byte before it; the parser reads both servers; removal gives the text back", () => {
    const added = after(addTomlServer('.codex/config.toml', user, NPX));
    expect(added.startsWith(user)).toBe(true);
    expect(parseToml(added)).toEqual({ model: 'o3', mcp_servers: { docs: { command: 'docs-mcp', args: ['--port', '0'] }, memdex: { command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] } } });
    expect(addTomlServer('.codex/config.toml', added, NPX)).toBe('present');
    expect(removeTomlServer('.codex/config.toml', added)).toEqual({ after: user });
  });

  test('a new file: the table alone; removed, the file goes', () => {
    const added = after(addTomlServer('.codex/config.toml', undefined, NPX));
    expect(added).toBe('# memdex: the memory as an MCP server (memdex init --agent codex; memdex uninstall removes it)\n[mcp_servers.memdex]\ncommand = "npx"\nargs = [ "--no", "--", "memdex", "mcp" ]\n');
    expect(removeTomlServer('.codex/config.toml', added)).toEqual({ after: undefined });
  });

  test('a file that does not parse is named with line and column; an inline mcp_servers cannot take a table: said, not edited', () => {
    expect(addTomlServer('.codex/config.toml', 'model = "o3"\n[mcp_servers\n', NPX)).toEqual({ problem: expect.stringMatching(/^\.codex\/config\.toml:2:\d+: cannot parse: .+; left as it is$/) });
    expect(addTomlServer('.codex/config.toml', 'mcp_servers = { docs = { command = "d" } }\n', NPX)).toEqual({
      problem: ".codex/config.toml: mcp_servers is written inline, so a [mcp_servers.memdex] table cannot be added after it; left as it is. Add memdex's server to it by hand (docs/agents.md)",
    });
  });

  test("a memdex server the user wrote inline is not cut out of their text: the removal says so", () => {
    expect(removeTomlServer('.codex/config.toml', 'mcp_servers = { memdex = { command = "memdex" } }\n')).toEqual({
      problem: '.codex/config.toml: memdex\'s server is not the table memdex wrote; left as it is. Remove mcp_servers.memdex by hand',
    });
  });
});

describe('the entry-point block (AGENTS.md, GEMINI.md)', () => {
  const block = entryBlock('agents/memory-index.md', 'agents/decisions', 'npx memdex');

  test('appended after the user text with one blank line, once; removal gives the text back byte for byte', () => {
    for (const user of ['# Project\n\nBuild with make.\n', '# Project\n\nNo final newline.', '# Project\n\n']) {
      const added = after(addBlock(user, block));
      expect(added.startsWith(user.trimEnd())).toBe(true);
      expect(added.endsWith(`\n\n${block}`)).toBe(true);
      expect(addBlock(added, block)).toBe('present');
      const removed = after(removeBlock(added));
      expect(removed.trimEnd()).toBe(user.trimEnd());
    }
    expect(after(addBlock(undefined, block))).toBe(block);
    expect(removeBlock(block)).toEqual({ after: undefined });
  });

  test('what the agent reads: where the index and the decisions are, the MCP tools and the shell commands', () => {
    expect(block).toContain('`agents/memory-index.md`');
    expect(block).toContain('`agents/decisions/*.md`');
    for (const words of ['`suggest` tool', '`when` and `how` tools', '`npx memdex when "<trigger>"`', '`remember` tool']) expect(block).toContain(words);
  });
});

describe("Cursor's rule .cursor/rules/memdex.mdc", () => {
  test("front matter with Cursor's documented fields (description, globs, alwaysApply: true), then memdex's block", () => {
    const rule = cursorRule('agents/memory-index.md', 'agents/decisions', 'memdex');
    expect(ruleProblem(rule)).toBeUndefined();
    expect(ruleProblem(rule.replace('alwaysApply: true', 'alwaysApply: false'))).toBe('alwaysApply is not true: Cursor does not include the rule in every chat');
    expect(ruleProblem('# no front matter\n')).toBe('no front matter (--- description, globs, alwaysApply ---)');
  });
});

describe('planned together, removed together', () => {
  const files: Record<string, string> = {
    'AGENTS.md': '# Agents\n\nRun the tests with make test.\n',
    '.codex/config.toml': 'model = "o3"\n',
    '.gemini/settings.json': `${JSON.stringify({ context: { fileName: ['AGENTS.md', 'GEMINI.md'] } }, null, 2)}\n`,
  };
  const read = (disk: Record<string, string>) => (path: string) => disk[path];

  test('Gemini CLI reading AGENTS.md (context.fileName) shares the one block with Codex; the removal restores every file and removes what it created', async () => {
    const plan = await planAgents(read(files), ['claude', 'codex', 'gemini', 'cursor'], PROJECT_SOURCE, DEFAULT_CONFIG);
    expect(plan.problems).toEqual([]);
    expect(plan.edits.map((e) => e.path).sort()).toEqual(['.codex/config.toml', '.cursor/mcp.json', '.cursor/rules/memdex.mdc', '.gemini/settings.json', '.mcp.json', 'AGENTS.md']);
    const disk = { ...files, ...Object.fromEntries(plan.edits.map((e) => [e.path, e.after])) };
    expect(disk['AGENTS.md']!.split('<!-- memdex: ').length).toBe(2);
    expect(await planAgents(read(disk), ['claude', 'codex', 'gemini', 'cursor'], PROJECT_SOURCE, DEFAULT_CONFIG)).toEqual({ edits: [], notes: [], problems: [] });

    const removal = await planAgentRemoval(read(disk), DEFAULT_CONFIG);
    expect(removal.problems).toEqual([]);
    const restored: Record<string, string> = { ...disk };
    for (const r of removal.removals) {
      if (r.after === undefined) delete restored[r.path];
      else restored[r.path] = r.after;
    }
    expect(restored).toEqual(files);
  });

  test('a Cursor rule edited by the user stays, named', async () => {
    const rule = cursorRule(DEFAULT_CONFIG.index, DEFAULT_CONFIG.decisions, 'npx memdex');
    const removal = await planAgentRemoval(read({ '.cursor/rules/memdex.mdc': `${rule}\nAlso: use tabs.\n` }), DEFAULT_CONFIG);
    expect(removal.removals).toEqual([]);
    expect(removal.notes).toEqual(['kept .cursor/rules/memdex.mdc: the rule differs from what memdex wrote (edited since init); remove it by hand if it is no longer wanted']);
  });
});

describe("Gemini CLI's context file", () => {
  test.each([
    [{ context: { fileName: 'AGENTS.md' } }, 'AGENTS.md'],
    [{ context: { fileName: ['docs/CONTEXT.md', 'GEMINI.md'] } }, 'docs/CONTEXT.md'],
    [{ contextFileName: 'AGENT.md' }, 'AGENT.md'],
    [{ context: { fileName: '/etc/profile' } }, 'GEMINI.md'],
    [{ context: { fileName: '../outside.md' } }, 'GEMINI.md'],
    [{ context: { fileName: '~/.bashrc' } }, 'GEMINI.md'],
    [{ context: { fileName: 7 } }, 'GEMINI.md'],
  ])('settings %j: the block goes into %s (never outside the project)', (settings, file) => {
    expect(entryFile(AGENTS.gemini, (path) => (path === '.gemini/settings.json' ? JSON.stringify(settings) : undefined))).toBe(file);
  });
});
