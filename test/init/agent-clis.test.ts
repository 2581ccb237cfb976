/**
 * The configs `memdex init --agent` writes, read by the real agents' CLIs (issue 25
 * item 2, "verify against reality"): Codex CLI lists the project's `.codex/config.toml`
 * servers (`codex mcp list --json`), Gemini CLI lists `.gemini/settings.json`'s and
 * connects to each (`gemini mcp list`), offline, in a throwaway home. The CLIs are not
 * dependencies of memdex (they are large); a test skips with one line when its CLI is
 * absent. To run them:
 *
 *   npm install --prefix ~/.cache/memdex-test-agents --no-save @openai/codex @google/gemini-cli
 *
 * (or put `codex` / `gemini` on PATH; MEMDEX_TEST_AGENTS names another folder). Claude Code is
 * the one `npm run test:claude` installs (MEMDEX_CLAUDE_BIN, else its cache folder, test-claude/client.mjs).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { memdexOnPath, writeMemdexShim } from '../helpers/memdex-on-path.js';
import { runCli } from '../helpers/run-cli.js';

const AGENTS_DIR = process.env.MEMDEX_TEST_AGENTS || join(homedir(), '.cache', 'memdex-test-agents');

/** The CLI's executable: in the agents folder's node_modules/.bin, else on PATH. */
function findCli(name: string): string | undefined {
  const cached = join(AGENTS_DIR, 'node_modules', '.bin', name);
  if (existsSync(cached)) return cached;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

function cliTest(name: string, cli: string | undefined, title: string, fn: (cli: string) => void | Promise<void>, timeout?: number): void {
  if (cli) return test(title, () => fn(cli), timeout);
  const why = `skipped: ${name} not found in ${AGENTS_DIR}/node_modules/.bin or on PATH; see this file's header to install it`;
  process.stderr.write(`${title}: ${why}\n`);
  test.skip(`${title} (${why})`, () => undefined);
}

// Under the OS temp folder Codex declines to create its helper links: a warning on stderr, harmless to `mcp list`.
const temp = mkdtempSync(join(tmpdir(), 'memdex-agent-clis-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const PATH = memdexOnPath(temp);

function project(name: string, files: Record<string, string> = {}): string {
  const dir = join(temp, name);
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const init = runCli(['init', '--no-git', '--no-ci', '--root', dir, '--agent', name, '--memdex', 'global'], { env: { PATH, HOME: temp } });
  expect(init.status).toBe(0);
  return dir;
}

const run = (cli: string, args: readonly string[], cwd: string, env: Record<string, string>) =>
  spawnSync(cli, args, { cwd, encoding: 'utf8', timeout: 120_000, input: '', env: { ...process.env, PATH, NO_COLOR: '1', ...env } });

describe('Codex CLI reads the .codex/config.toml init writes', () => {
  const codex = findCli('codex');

  cliTest('codex', codex, 'a trusted project: codex mcp list --json shows memdex beside the user\'s server, with the command init wrote; untrusted: none', (cli) => {
    const dir = project('codex', { '.codex/config.toml': '# mine\n[mcp_servers.docs]\ncommand = "docs-mcp"\n' });
    const home = join(temp, 'codex-home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'config.toml'), '');
    const untrusted = run(cli, ['mcp', 'list', '--json'], dir, { CODEX_HOME: home, HOME: temp });
    expect(untrusted.status).toBe(0);
    expect(JSON.parse(untrusted.stdout)).toEqual([]);
    writeFileSync(join(home, 'config.toml'), `[projects.${JSON.stringify(dir)}]\ntrust_level = "trusted"\n`);
    const listed = run(cli, ['mcp', 'list', '--json'], dir, { CODEX_HOME: home, HOME: temp });
    expect(listed.status).toBe(0);
    const servers = JSON.parse(listed.stdout) as { name: string; enabled: boolean; transport: { type: string; command: string; args: string[] } }[];
    expect(servers.map((s) => s.name).sort()).toEqual(['docs', 'memdex']);
    expect(servers.find((s) => s.name === 'memdex')).toMatchObject({ enabled: true, transport: { type: 'stdio', command: 'memdex', args: ['mcp'] } });
  }, 120_000);
});

describe('Gemini CLI reads the .gemini/settings.json init writes, and connects', () => {
  const gemini = findCli('gemini');
  /**
   * A home trusting these folders. GEMINI_CLI_NO_RELAUNCH: what the CLI sets itself for the copy of itself it starts
   * with a larger heap (bundle/gemini.js); set here, `gemini mcp list` runs that same code in the first process
   * (1.7 s of CPU for each call instead of 3.5: every call started Gemini twice).
   */
  const geminiHome = (trusted: readonly string[]) => {
    const home = join(temp, `gemini-home-${trusted.length}`);
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify(Object.fromEntries(trusted.map((dir) => [dir, 'TRUST_FOLDER']))));
    return { HOME: home, GEMINI_CLI_NO_RELAUNCH: 'true' };
  };

  cliTest('gemini', gemini, 'a trusted folder: gemini mcp list connects to memdex (memdex on PATH); untrusted: listed, disabled', (cli) => {
    const dir = project('gemini', { '.gemini/settings.json': '{\n  "ui": { "theme": "GitHub" }\n}\n' });
    const untrusted = run(cli, ['mcp', 'list'], dir, geminiHome([]));
    expect(`${untrusted.stdout}${untrusted.stderr}`).toContain('memdex: memdex mcp (stdio) - Disabled');
    const listed = run(cli, ['mcp', 'list'], dir, geminiHome([dir]));
    expect(`${listed.stdout}${listed.stderr}`).toContain('✓ memdex: memdex mcp (stdio) - Connected');
  }, 180_000);

  cliTest('gemini', gemini, "the project's memdex through npx --no: connected when installed in node_modules, not connected (and nothing downloaded) when not", (cli) => {
    const dir = join(temp, 'gemini-npx');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"app","private":true}\n');
    expect(runCli(['init', '--no-git', '--no-ci', '--root', dir, '--agent', 'gemini'], { env: { PATH, HOME: temp } }).status).toBe(0);
    const env = geminiHome([dir]);
    const missing = run(cli, ['mcp', 'list'], dir, env);
    expect(`${missing.stdout}${missing.stderr}`).toContain('✗ memdex: npx --no -- memdex mcp (stdio) - Disconnected');
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    writeMemdexShim(join(dir, 'node_modules', '.bin', 'memdex'));
    const listed = run(cli, ['mcp', 'list'], dir, env);
    expect(`${listed.stdout}${listed.stderr}`).toContain('✓ memdex: npx --no -- memdex mcp (stdio) - Connected');
  }, 240_000);
});

/** The Claude Code binary test:claude installed: MEMDEX_CLAUDE_BIN, else the platform package's in its cache folder (test-claude/client.mjs). */
function findClaude(): string | undefined {
  if (process.env.MEMDEX_CLAUDE_BIN?.trim()) return process.env.MEMDEX_CLAUDE_BIN.trim();
  const cache = process.env.MEMDEX_CLAUDE_CACHE?.trim() || join(process.env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'memdex-test-claude');
  const scope = join(cache, process.env.MEMDEX_CLAUDE_VERSION?.trim() || '2.1.330', 'node_modules', '@anthropic-ai');
  const pkg = existsSync(scope) ? readdirSync(scope).find((name) => name.startsWith('claude-code-') && existsSync(join(scope, name, 'claude'))) : undefined;
  return pkg === undefined ? undefined : join(scope, pkg, 'claude');
}

describe("Claude Code reads the .mcp.json init writes, and connects once the user approves the project's server", () => {
  cliTest('claude', findClaude(), 'claude mcp list: pending approval as written (the project\'s settings, shared or local, cannot approve it); connected when the user enables it (enabledMcpjsonServers in their settings)', (cli) => {
    const dir = project('claude');
    const config = join(temp, 'claude-config');
    mkdirSync(config, { recursive: true });
    const env = { HOME: temp, CLAUDE_CONFIG_DIR: config };
    const pending = run(cli, ['mcp', 'list'], dir, env);
    expect(pending.stdout).toContain('memdex: memdex mcp - ⏸ Pending approval');
    // The project's own settings cannot approve the project's servers (a cloned repository would approve itself).
    const shared = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ ...shared, enabledMcpjsonServers: ['memdex'] }));
    writeFileSync(join(dir, '.claude', 'settings.local.json'), JSON.stringify({ enabledMcpjsonServers: ['memdex'] }));
    expect(run(cli, ['mcp', 'list'], dir, env).stdout).toContain('memdex: memdex mcp - ⏸ Pending approval');
    writeFileSync(join(config, 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['memdex'] }));
    const listed = run(cli, ['mcp', 'list'], dir, env);
    expect(listed.stdout).toContain('memdex: memdex mcp - ✔ Connected');
  }, 120_000);
});
