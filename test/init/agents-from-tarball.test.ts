/**
 * `memdex init --agent claude,codex,gemini,cursor` as a user adopts it (issue 25 item
 * 2), from the packed tarball, in a plain npm project and in an npm workspace whose
 * memory tree is in a package (memdex installed at the workspace's root): the server
 * each agent's config names starts the installed memdex (`npx --no --` from the tree's
 * folder, Cursor's `${workspaceFolder}/…/node_modules/.bin/memdex`) and answers `when`;
 * `doctor` passes each agent; a second init changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshRepo, packedOnce, type Packed, type Repo } from './packed.js';
import { configuredServers, whenThrough, type ServerEntry } from './agent-servers.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-agents-tarball-'));
let packed: Packed;
beforeAll(() => {
  packed = packedOnce();
}, 600_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const AGENTS = ['claude', 'codex', 'gemini', 'cursor'] as const;

interface DoctorJson {
  readonly results: readonly { check: string; status: string; message: string; fix?: string }[];
}

function doctorAgents(repo: Repo, root: string[]): DoctorJson['results'] {
  const result = repo.memdex(['doctor', '--format', 'json', ...root]);
  return (JSON.parse(result.stdout) as DoctorJson).results.filter((r) => r.check.startsWith('agent:'));
}

/** Each server the agents' configs name answers `when`; agents whose configs name the same command and arguments share one start (npx and a server: seconds of CPU each). */
async function serversAnswer(repo: Repo, tree: string): Promise<void> {
  const dir = join(repo.dir, tree);
  const byServer = new Map<string, { server: ServerEntry; agents: string[] }>();
  for (const [agent, server] of Object.entries(configuredServers(dir, AGENTS))) {
    const key = JSON.stringify([server.command, server.args]);
    const entry = byServer.get(key) ?? { server, agents: [] };
    entry.agents.push(agent);
    byServer.set(key, entry);
  }
  expect([...byServer.values()].flatMap((entry) => entry.agents).sort()).toEqual([...AGENTS].sort());
  for (const { server, agents } of byServer.values()) {
    expect([agents, await whenThrough(server, dir, 'adding a memory', { PATH: process.env.PATH ?? '' })]).toEqual([agents, expect.stringContaining('Adding a Memory')]);
  }
}

describe('init --agent from the packed tarball', () => {
  test('a plain npm project: every agent wired to the installed memdex; its servers answer; doctor passes each agent; a second run changes nothing', async () => {
    const repo = freshRepo(join(temp, 'plain'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', 'AGENTS.md': '# Agents\n\nUse make.\n' }, '');
    const init = repo.memdex(['init', '--agent', AGENTS.join(',')]);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(join(repo.dir, '.mcp.json'), 'utf8'))).toEqual({ mcpServers: { memdex: { type: 'stdio', command: 'npx', args: ['--no', '--', 'memdex', 'mcp'] } } });
    await serversAnswer(repo, '');
    const version = repo.memdex(['--version']).stdout.trim();
    expect(doctorAgents(repo, []).map((r) => [r.check, r.status, r.message])).toEqual([
      ['agent:claude', 'ok', `Claude Code: MCP server memdex in .mcp.json starts (\`npx --no -- memdex mcp\`: ${version})`],
      ['agent:codex', 'ok', `Codex CLI: MCP server memdex in .codex/config.toml starts (\`npx --no -- memdex mcp\`: ${version}); the memory's entry point in AGENTS.md`],
      ['agent:gemini', 'ok', `Gemini CLI: MCP server memdex in .gemini/settings.json starts (\`npx --no -- memdex mcp\`: ${version}); the memory's entry point in GEMINI.md`],
      ['agent:cursor', 'ok', `Cursor: MCP server memdex in .cursor/mcp.json starts (\`\${workspaceFolder}/node_modules/.bin/memdex mcp --root \${workspaceFolder}\`: ${version}); the memory's entry point in .cursor/rules/memdex.mdc`],
    ]);
    expect(repo.memdex(['init', '--agent', AGENTS.join(',')]).stdout.trim().split('\n').at(-1)).toBe('nothing to do: memdex is set up');
  }, 240_000);

  test("an npm workspace, the tree in packages/app: npx finds the root's memdex from the package, Cursor's command names it through ../../; the servers answer; doctor passes each agent", async () => {
    const repo = freshRepo(join(temp, 'workspace'), packed.tarball, 'commonjs', { '.gitignore': 'node_modules/\n', 'packages/app/package.json': '{ "name": "app", "version": "1.0.0" }\n' }, '');
    const init = repo.memdex(['init', '--root', 'packages/app', '--agent', AGENTS.join(',')]);
    expect([init.status, init.stderr]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(join(repo.dir, 'packages/app/.cursor/mcp.json'), 'utf8'))).toEqual({
      mcpServers: { memdex: { command: '${workspaceFolder}/../../node_modules/.bin/memdex', args: ['mcp', '--root', '${workspaceFolder}'] } },
    });
    await serversAnswer(repo, 'packages/app');
    expect(doctorAgents(repo, ['--root', 'packages/app']).map((r) => [r.check, r.status])).toEqual(AGENTS.map((agent) => [`agent:${agent}`, 'ok']));
  }, 240_000);
});
