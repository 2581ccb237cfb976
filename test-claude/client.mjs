/**
 * The real Claude Code client: a pinned version installed once into a cache folder outside
 * node_modules, and `claude …` runs with an isolated HOME / CLAUDE_CONFIG_DIR against the stand-in API.
 *
 * Install: `npm install @anthropic-ai/claude-code@<version>` into `<cache>/<version>.tmp-<pid>` with
 * install scripts and engine checks off, then a rename to `<cache>/<version>` (a half-finished install is never reused).
 * The executable is the platform package's own binary (`@anthropic-ai/claude-code-linux-x64/claude`),
 * which does not depend on the wrapper's postinstall having run. A folder already holding a binary that
 * answers `--version` with the pinned version is reused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const DEFAULT_CLIENT_VERSION = '2.1.330';
/** npm fetches ~175 MB; on a slow registry that takes minutes, never longer than this. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const VERSION_TIMEOUT_MS = 30_000;

export function clientVersion(env = process.env) {
  return env.MEMDEX_CLAUDE_VERSION?.trim() || DEFAULT_CLIENT_VERSION;
}

export function clientCacheDir(env = process.env) {
  if (env.MEMDEX_CLAUDE_CACHE?.trim()) return env.MEMDEX_CLAUDE_CACHE.trim();
  const base = env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache');
  return join(base, 'memdex-test-claude');
}

/** `@anthropic-ai/claude-code-<platform>` for this machine, or undefined when none is published. */
function platformPackage() {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (arch === undefined) return undefined;
  if (process.platform === 'darwin') return `@anthropic-ai/claude-code-darwin-${arch}`;
  if (process.platform !== 'linux') return undefined;
  const glibc = process.report?.getReport?.().header?.glibcVersionRuntime;
  return `@anthropic-ai/claude-code-linux-${arch}${glibc ? '' : '-musl'}`;
}

function binaryIn(folder, pkg) {
  return join(folder, 'node_modules', ...pkg.split('/'), 'claude');
}

function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS, env: { PATH: process.env.PATH, HOME: homedir() } });
  return result.status === 0 ? result.stdout.trim().split(/\s+/)[0] : undefined;
}

/**
 * Resolves to `{binary, version, installed}` or `{skip: '<one line: why>'}`.
 * MEMDEX_CLAUDE_BIN names a binary to use as it is (no install).
 */
export function ensureClient(env = process.env, log = () => {}) {
  const version = clientVersion(env);
  if (env.MEMDEX_CLAUDE_BIN?.trim()) {
    const binary = env.MEMDEX_CLAUDE_BIN.trim();
    const found = existsSync(binary) ? versionOf(binary) : undefined;
    if (found === undefined) return { skip: `MEMDEX_CLAUDE_BIN=${binary} does not run \`--version\`` };
    return { binary, version: found, installed: false };
  }
  const pkg = platformPackage();
  if (pkg === undefined) return { skip: `no Claude Code binary is published for ${process.platform}-${process.arch}` };
  const folder = join(clientCacheDir(env), version);
  const binary = binaryIn(folder, pkg);
  if (existsSync(binary) && versionOf(binary) === version) return { binary, version, installed: false };
  rmSync(folder, { recursive: true, force: true });
  const staging = `${folder}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  log(`installing @anthropic-ai/claude-code@${version} (${pkg}, ~175 MB) into ${folder}`);
  const npm = spawnSync(
    'npm',
    // --engine-strict=false: `npm run test:claude` hands this repository's .npmrc engine-strict=true down
    // (npm_config_engine_strict), and Claude Code declares node >= 22 for its wrapper, which is not run: the
    // platform package's native binary is (on Node 20 the install failed with EBADENGINE, on a machine without the cache).
    ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--engine-strict=false', '--loglevel=error', `@anthropic-ai/claude-code@${version}`, `${pkg}@${version}`],
    { encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS, env: withoutNpmScriptEnv(env) },
  );
  const installedBinary = binaryIn(staging, pkg);
  if (npm.status !== 0 || !existsSync(installedBinary)) {
    rmSync(staging, { recursive: true, force: true });
    const why = npm.error?.message ?? npmReason(npm.stderr) ?? `npm exited ${npm.status}`;
    return { skip: `Claude Code ${version} could not be installed from the npm registry (${why})` };
  }
  const found = versionOf(installedBinary);
  if (found !== version) {
    rmSync(staging, { recursive: true, force: true });
    return { skip: `the installed Claude Code binary answers --version with ${found ?? 'nothing'}, expected ${version}` };
  }
  renameSync(staging, folder);
  return { binary, version, installed: true };
}

/** npm's reason for a failure: its `npm error` line naming the error (code or message), not the log path. */
function npmReason(text) {
  const lines = (text ?? '').split('\n').map((l) => l.replace(/^npm error\s*/i, '').trim());
  const useful = lines.filter((l) => l !== '' && !/^(A complete log|at |code |syscall |errno |npm warn)/i.test(l));
  const code = lines.find((l) => /^code /.test(l))?.slice(5);
  const message = useful[0];
  return message === undefined ? code : code === undefined || message.includes(code) ? message : `${code}: ${message}`;
}

/**
 * `npm run` leaves its own state in the environment (npm_lifecycle_*, npm_package_*, and
 * npm_config_local_prefix pointing at this repository); a nested npm must not inherit it, or it
 * installs into this repository. The user's npm configuration (registry, cache, proxy) is kept.
 */
export function withoutNpmScriptEnv(env) {
  const ownState = /^npm_(?!config_)|^npm_config_(local_prefix|prefix|global|workspaces?|include_workspace_root)$/i;
  return Object.fromEntries(Object.entries(env).filter(([key]) => !ownState.test(key) && key !== 'INIT_CWD'));
}

/**
 * The PATH a user's shell would have: this repository's node_modules/.bin entries (added by `npm run`)
 * removed, so `memdex` resolves in the agent's Bash tool only when the project makes it resolve.
 */
export function userPath(path = process.env.PATH ?? '') {
  return path
    .split(delimiter)
    .filter((entry) => entry !== '' && !/node_modules[\\/]\.bin$/.test(entry))
    .join(delimiter);
}

/**
 * A PATH on which `claude` is this client (for scenarios whose hooks call `claude -p` themselves, as
 * issue 12's default extractor does): `world.claude(args, {env: {PATH: pathWithClient(client)}})`.
 */
export function pathWithClient(client) {
  return [dirname(client.binary), userPath()].join(delimiter);
}

/**
 * Runs `claude <args>` in `cwd`; resolves to `{code, signal, stdout, stderr, durationMs, timedOut, json}`.
 * The process gets its own process group, killed whole (SIGKILL) after `timeoutMs`.
 */
export function runClaude({ binary, cwd, home, apiUrl, args, timeoutMs, env = {} }) {
  const childEnv = {
    PATH: userPath(),
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: 'sk-ant-stand-in-dummy',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    ...env,
  };
  delete childEnv.CLAUDECODE;
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(binary, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let json;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolvePromise({ code, signal, stdout, stderr, durationMs: Date.now() - started, timedOut, json });
    });
  });
}

export function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
