/**
 * Every sentence of the other agents' wiring (`memdex init --agent`, doctor's
 * `agent:*` checks, the removal): the entry-point block the agents read, and the
 * lines of the reports.
 */

/** The first line of memdex's block in AGENTS.md / GEMINI.md: init finds its own block by its start. */
export const ENTRY_BLOCK_START = '<!-- memdex: ';
export const ENTRY_BLOCK_END = '<!-- /memdex -->';
/** The comment above memdex's table in a Codex config: the removal finds it by it. */
export const TOML_MARK = '# memdex: the memory as an MCP server (memdex init --agent codex; memdex uninstall removes it)';

/**
 * What an agent is told of the memory, where it reads its instructions: where the
 * index and the decision files are, and how to recall (the MCP tools first, the
 * command line when the server is not there). Facts, no exhortation.
 */
export function entryBody(index: string, decisions: string, memdex: string): string {
  return [
    '## Project memory (memdex)',
    '',
    `This project keeps what its agents learned in \`${index}\` (the index: one line per entry, \`/when <trigger> | <extras>\` or \`/how <trigger>\`, under the decision file that holds it) and \`${decisions}/*.md\` (the decisions, one heading per entry).`,
    '',
    '- Recall before acting on a task: the `memdex` MCP server\'s `suggest` tool takes the task text and answers the entries it is about; its `when` and `how` tools take a trigger (`writing mock tests`) and answer the decision.',
    `- Without the MCP server, the same from a shell: \`${memdex} suggest "<task>"\`, \`${memdex} when "<trigger>"\`, \`${memdex} how "<trigger>"\`.`,
    `- To keep something learned: the \`remember\` tool (or \`${memdex} add\`) writes the heading and its index entry together.`,
  ].join('\n');
}

export function entryBlock(index: string, decisions: string, memdex: string): string {
  return `${ENTRY_BLOCK_START}the project's memory (memdex init --agent; memdex uninstall removes this block) -->\n${entryBody(index, decisions, memdex)}\n${ENTRY_BLOCK_END}\n`;
}

/** Cursor's project rule (`.cursor/rules/*.mdc`): front matter `description`, `globs`, `alwaysApply`, then the body. */
export function cursorRule(index: string, decisions: string, memdex: string): string {
  return `---\ndescription: Where this project's memory is (memdex) and how to recall it\nglobs:\nalwaysApply: true\n---\n${entryBlock(index, decisions, memdex)}`;
}

export const agentMessages = {
  badAgent: (value: string, names: readonly string[]) => `--agent ${value}: expected one of ${names.join(', ')} (several: --agent codex,gemini)`,
  noClaudeConflict: '--agent claude and --no-claude contradict each other: name the agents to wire, or skip Claude Code',
  serverAdded: 'added the memdex MCP server (mcpServers.memdex)',
  tomlServerAdded: 'added the memdex MCP server ([mcp_servers.memdex])',
  serverDiffers: (file: string, key: string) => `${file}: ${key} is not the one memdex would write; left as it is (memdex doctor checks that it starts)`,
  notATable: (where: string, key: string, expected: string) => `${where}: ${key} is not ${expected}; left as it is. Add memdex's MCP server by hand (docs/agents.md)`,
  tomlUnreadable: (file: string, line: number, column: number, reason: string) => `${file}:${line}:${column}: cannot parse: ${reason}; left as it is`,
  tomlCannotAppend: (file: string) => `${file}: mcp_servers is written inline, so a [mcp_servers.memdex] table cannot be added after it; left as it is. Add memdex's server to it by hand (docs/agents.md)`,
  blockAdded: "appended memdex's block (where the memory is, how to recall it)",
  ruleDiffers: (file: string) => `${file} differs from the rule memdex writes; left as it is (delete it and run memdex init --agent cursor to get memdex's)`,

  // doctor
  agentOk: (label: string, parts: readonly string[]) => `${label}: ${parts.join('; ')}`,
  serverOk: (file: string, command: string, version: string) => `MCP server memdex in ${file} starts (\`${command}\`: ${version})`,
  serverMissing: (label: string, file: string) => `${label}: ${file} has no memdex MCP server`,
  fileMissing: (label: string, file: string) => `${label}: ${file} does not exist`,
  serverNoCommand: (label: string, file: string) => `${label}: mcpServers.memdex in ${file} has no command (expected a string, and args an array of strings)`,
  serverFails: (label: string, file: string, command: string, status: number | null, output: string) =>
    `${label}: the MCP server of ${file} does not start: \`${command}\` ${status === null ? 'did not finish' : `exited ${status}`}${output ? `: ${output}` : ''}`,
  serverFailsFix: 'install memdex in the project (`npm install --save-dev memdex`) or globally, or correct the command in the file',
  entryOk: (file: string) => `the memory's entry point in ${file}`,
  entryMissing: (label: string, file: string) => `${label}: ${file} has no memdex block (where the memory is, how to recall it)`,
  ruleBad: (label: string, file: string, why: string) => `${label}: ${file}: ${why}`,
  ruleBadFix: (file: string) => `delete ${file} and run \`npx memdex init --agent cursor\``,
  initAgentFix: (agent: string) => `run \`npx memdex init --agent ${agent}\``,
  correctFileFix: (file: string, agent: string) => `correct ${file}, then run \`npx memdex init --agent ${agent}\``,

  // removal (memdex uninstall's lines: `updated F: removed <what>`, `removed F (<what>)`)
  serverRemoved: 'the memdex MCP server',
  blockRemoved: "memdex's block",
  fileRemoved: (part: string) => `it held only ${part}`,
  ruleRemoved: 'the rule memdex wrote',
  ruleEdited: (file: string) => `kept ${file}: the rule differs from what memdex wrote (edited since init); remove it by hand if it is no longer wanted`,
  tomlCannotRemove: (file: string) => `${file}: memdex's server is not the table memdex wrote; left as it is. Remove mcp_servers.memdex by hand`,
} as const;
