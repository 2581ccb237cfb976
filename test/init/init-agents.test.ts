/**
 * `memdex init --agent …` through the built CLI on temp folders (issue 25 item 2):
 * the files it writes for Claude Code, Codex CLI, Gemini CLI and Cursor validated
 * against each agent's documented format (agent-config-schemas.ts; TOML read by
 * smol-toml; the rule's YAML front matter), the user's text kept, a second run
 * changing nothing; the server each config names started as the agent starts it and
 * answering `when` through the MCP SDK's client; `doctor` on each agent, and each
 * broken part named with its fix; the usage errors.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { memdexOnPath } from '../helpers/memdex-on-path.js';
import { runCli } from '../helpers/run-cli.js';
import { configuredServers, whenThrough } from './agent-servers.js';
import { CLAUDE_MCP_JSON, CODEX_CONFIG, CURSOR_MCP_JSON, CURSOR_RULE_FRONT_MATTER, GEMINI_SETTINGS, schemaErrors } from './agent-config-schemas.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-init-agents-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A `memdex` on PATH (a global install's shape). */
const PATH = memdexOnPath(temp);

let count = 0;
function folder(files: Record<string, string> = {}): string {
  const dir = join(temp, `repo-${++count}`);
  for (const [path, text] of Object.entries({ ...files })) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
const env = { PATH, HOME: temp };
const init = (dir: string, ...args: string[]) => runCli(['init', '--no-git', '--no-ci', '--root', dir, ...args], { env });
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const frontMatter = (text: string) => parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as unknown;

interface DoctorJson {
  readonly results: readonly { check: string; status: string; message: string; fix?: string }[];
  readonly exitCode: number;
}
const doctor = (dir: string) => JSON.parse(runCli(['doctor', '--root', dir, '--format', 'json'], { env }).stdout) as DoctorJson;
const agentLines = (report: DoctorJson) => report.results.filter((r) => r.check.startsWith('agent:'));

const USER = {
  'AGENTS.md': '# Agents\n\nRun the tests with `make test`.\n',
  '.codex/config.toml': '# my settings\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
  '.gemini/settings.json': '{\n    "theme": "GitHub"\n}\n',
};

describe('memdex init --agent codex,gemini,cursor (memdex on PATH)', () => {
  let dir: string;
  let first: ReturnType<typeof runCli>;
  beforeAll(() => {
    dir = folder(USER);
    first = init(dir, '--agent', 'codex,gemini', '--agent', 'cursor', '--memdex', 'global');
  });

  test('reports each file; Claude Code is skipped, said so; exit 0', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const lines = first.stdout.split('\n');
    for (const line of [
      'updated .codex/config.toml: added the memdex MCP server ([mcp_servers.memdex])',
      "updated AGENTS.md: appended memdex's block (where the memory is, how to recall it)",
      'updated .gemini/settings.json: added the memdex MCP server (mcpServers.memdex)',
      'created GEMINI.md',
      'created .cursor/mcp.json',
      'created .cursor/rules/memdex.mdc',
      'skipped Claude Code (not named by --agent)',
    ]) expect(lines).toContain(line);
    expect(existsSync(join(dir, '.claude/settings.json'))).toBe(false);
    expect(existsSync(join(dir, '.mcp.json'))).toBe(false);
  });

  test("each config conforms to its agent's documented format, memdex's server in it, the user's keys and text kept", () => {
    const codex = read(dir, '.codex/config.toml');
    expect(codex.startsWith(USER['.codex/config.toml'])).toBe(true);
    const toml = parseToml(codex);
    expect(schemaErrors(CODEX_CONFIG, toml)).toEqual([]);
    expect(toml).toMatchObject({ model: 'o3', mcp_servers: { docs: { command: 'docs-mcp' }, memdex: { command: 'memdex', args: ['mcp'] } } });

    const gemini = JSON.parse(read(dir, '.gemini/settings.json')) as unknown;
    expect(schemaErrors(GEMINI_SETTINGS, gemini)).toEqual([]);
    expect(gemini).toEqual({ theme: 'GitHub', mcpServers: { memdex: { command: 'memdex', args: ['mcp'] } } });
    expect(read(dir, '.gemini/settings.json')).toContain('\n    "theme": "GitHub",');

    const cursor = JSON.parse(read(dir, '.cursor/mcp.json')) as unknown;
    expect(schemaErrors(CURSOR_MCP_JSON, cursor)).toEqual([]);

    const rule = read(dir, '.cursor/rules/memdex.mdc');
    expect(schemaErrors(CURSOR_RULE_FRONT_MATTER, frontMatter(rule))).toEqual([]);
    expect(frontMatter(rule)).toEqual({ description: "Where this project's memory is (memdex) and how to recall it", globs: null, alwaysApply: true });
  });

  test('the entry points: the block after the user text in AGENTS.md, alone in a new GEMINI.md, naming the index and the commands', () => {
    const agents = read(dir, 'AGENTS.md');
    expect(agents.startsWith(`${USER['AGENTS.md']}\n<!-- memdex: `)).toBe(true);
    expect(read(dir, 'GEMINI.md')).toBe(agents.slice(USER['AGENTS.md'].length + 1));
    expect(agents).toContain('`agents/memory-index.md`');
    expect(agents).toContain('`memdex when "<trigger>"`');
  });

  test('a second run changes nothing', () => {
    const again = init(dir, '--agent', 'codex,gemini,cursor', '--memdex', 'global');
    expect(again.status).toBe(0);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
  });

  test("the server each config names, started as the agent starts it (in the project's folder, Cursor's ${workspaceFolder} expanded), answers when", async () => {
    for (const server of Object.values(configuredServers(dir, ['codex', 'gemini', 'cursor']))) {
      expect(await whenThrough(server, dir, 'adding a memory', { PATH })).toContain('Adding a Memory');
    }
  }, 60_000);

  test('doctor: one line per agent naming what it checked; Claude Code not expected', () => {
    const report = doctor(dir);
    // init ran with --no-git in a folder without git: the pre-commit check's problem is that one.
    expect(report.results.filter((r) => r.status === 'problem').map((r) => r.check)).toEqual(['pre-commit']);
    expect(report.results.find((r) => r.check === 'wiring')?.message).toBe(
      "wiring: other agents' (memdex init --agent); no .claude/settings.json, so Claude Code's hooks and skills are not checked (memdex init --agent claude wires them)",
    );
    expect(agentLines(report).map((r) => [r.check, r.status])).toEqual([
      ['agent:codex', 'ok'],
      ['agent:gemini', 'ok'],
      ['agent:cursor', 'ok'],
    ]);
    expect(agentLines(report)[0]!.message).toBe(`Codex CLI: MCP server memdex in .codex/config.toml starts (\`memdex mcp\`: 0.1.0); the memory's entry point in AGENTS.md`.replace('0.1.0', version()));
  });
});

function version(): string {
  return runCli(['--version']).stdout.trim();
}

describe('doctor names each broken part of an agent, with its fix', () => {
  test('the block gone, a config that does not parse, a server that does not start', () => {
    const dir = folder(USER);
    expect(init(dir, '--agent', 'codex,gemini,cursor', '--memdex', 'global').status).toBe(0);
    writeFileSync(join(dir, 'GEMINI.md'), '# Gemini\n');
    writeFileSync(join(dir, '.cursor/mcp.json'), '{ "mcpServers": { "memdex": { "command": "memdex", } }');
    writeFileSync(join(dir, '.codex/config.toml'), read(dir, '.codex/config.toml').replace('command = "memdex"', 'command = "memdex-not-here"'));
    const report = doctor(dir);
    expect(report.exitCode).toBe(1);
    const problems = agentLines(report).filter((r) => r.status === 'problem');
    expect(problems).toEqual([
      {
        check: 'agent:codex',
        status: 'problem',
        message: expect.stringMatching(/^Codex CLI: the MCP server of \.codex\/config\.toml does not start: `memdex-not-here --version` exited 127: .*memdex-not-here.*not found/),
        fix: 'install memdex in the project (`npm install --save-dev memdex`) or globally, or correct the command in the file',
      },
      { check: 'agent:gemini', status: 'problem', message: 'Gemini CLI: GEMINI.md has no memdex block (where the memory is, how to recall it)', fix: 'run `npx memdex init --agent gemini`' },
      { check: 'agent:cursor', status: 'problem', message: expect.stringMatching(/^\.cursor\/mcp\.json:1:\d+: cannot parse: /), fix: 'correct .cursor/mcp.json, then run `npx memdex init --agent cursor`' },
    ]);
  });

  test("the project's memdex not installed: npx --no does not download it, and doctor says the server does not start", () => {
    const dir = folder({ 'package.json': '{"name":"app","private":true}\n' });
    expect(init(dir, '--agent', 'gemini').status).toBe(0);
    expect(JSON.parse(read(dir, '.gemini/settings.json'))).toEqual({ mcpServers: { memdex: { command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] } } });
    const line = agentLines(doctor(dir))[0]!;
    expect(line).toMatchObject({ check: 'agent:gemini', status: 'problem', message: expect.stringMatching(/^Gemini CLI: the MCP server of \.gemini\/settings\.json does not start: `npx --no -- memdex --version` exited 1/) });
  }, 60_000);
});

describe('--agent claude, and the usage errors', () => {
  test("--agent claude: Claude Code's hooks and skills as before, and .mcp.json in its documented format", () => {
    const dir = folder();
    const out = init(dir, '--agent', 'claude', '--memdex', 'global');
    expect(out.status).toBe(0);
    expect(existsSync(join(dir, '.claude/settings.json'))).toBe(true);
    const mcp = JSON.parse(read(dir, '.mcp.json')) as unknown;
    expect(schemaErrors(CLAUDE_MCP_JSON, mcp)).toEqual([]);
    expect(mcp).toEqual({ mcpServers: { memdex: { type: 'stdio', command: 'memdex', args: ['mcp'] } } });
    const line = agentLines(doctor(dir));
    expect(line).toEqual([{ check: 'agent:claude', status: 'ok', message: `Claude Code: MCP server memdex in .mcp.json starts (\`memdex mcp\`: ${version()})` }]);
  });

  test('an agent memdex does not know, and --agent claude with --no-claude: exit 2, named, nothing written', () => {
    const dir = folder();
    const unknown = init(dir, '--agent', 'codex,copilot');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('memdex: --agent copilot: expected one of claude, codex, gemini, cursor (several: --agent codex,gemini)\nRun `memdex init --help` for usage.\n');
    const both = init(dir, '--agent', 'claude', '--no-claude');
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--agent claude and --no-claude contradict each other');
    expect(existsSync(join(dir, 'agents'))).toBe(false);
  });
});

describe('memdex uninstall after init --agent', () => {
  test("every agent's part taken out: the user's files as they were, the files and folders init created gone, doctor sees no agent; a second uninstall has nothing to do", () => {
    const dir = folder(USER);
    expect(init(dir, '--agent', 'claude,codex,gemini,cursor', '--memdex', 'global').status).toBe(0);
    const out = runCli(['uninstall', '--root', dir], { env });
    expect([out.status, out.stderr]).toEqual([0, '']);
    const lines = out.stdout.split('\n');
    for (const line of [
      "removed .mcp.json (it held only the memdex MCP server)",
      'updated .codex/config.toml: removed the memdex MCP server',
      "updated AGENTS.md: removed memdex's block",
      'updated .gemini/settings.json: removed the memdex MCP server',
      "removed GEMINI.md (it held only memdex's block)",
      'removed .cursor/mcp.json (it held only the memdex MCP server)',
      'removed .cursor/rules/memdex.mdc (it held only the rule memdex wrote)',
    ]) expect(lines).toContain(line);
    for (const [path, text] of Object.entries(USER)) expect(read(dir, path)).toBe(text);
    for (const path of ['.mcp.json', 'GEMINI.md', '.cursor']) expect(existsSync(join(dir, path))).toBe(false);
    expect(agentLines(doctor(dir))).toEqual([]);
    expect(runCli(['uninstall', '--root', dir], { env }).stdout.trim()).toBe('nothing to remove: memdex is not set up here');
  });

  test('a file the user had, emptied by the removal, stays (empty); a Cursor rule the user edited stays, named', () => {
    const dir = folder({ 'GEMINI.md': '' });
    expect(init(dir, '--agent', 'gemini,cursor', '--memdex', 'global').status).toBe(0);
    writeFileSync(join(dir, '.cursor/rules/memdex.mdc'), `${read(dir, '.cursor/rules/memdex.mdc')}\nAlso: tabs.\n`);
    const out = runCli(['uninstall', '--root', dir], { env });
    expect(out.status).toBe(0);
    expect(read(dir, 'GEMINI.md')).toBe('');
    expect(out.stdout).toContain('kept .cursor/rules/memdex.mdc: the rule differs from what memdex wrote (edited since init); remove it by hand if it is no longer wanted');
    expect(existsSync(join(dir, '.cursor/rules/memdex.mdc'))).toBe(true);
    expect(existsSync(join(dir, '.cursor/mcp.json'))).toBe(false);
  });
});
