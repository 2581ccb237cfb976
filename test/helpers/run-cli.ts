import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds it first, in `pretest`). */
export const CLI = fileURLToPath(new URL('../../bin/memdex.cjs', import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

type CliOptions = SpawnSyncOptions & { input?: string };

/** The environment every test run of the CLI gets, under the test's own `env`. */
function cliEnv(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  // CLAUDE_PROJECT_DIR picks the tree (model/project-root.ts): tests name theirs, never the caller's session.
  // MEMDEX_LEARN=0: a test never calls a `claude` that happens to be installed; tests of the default learner set it back.
  return { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', MEMDEX_DEBUG: '', CLAUDE_PROJECT_DIR: '', MEMDEX_LEARN: '0', ...env };
}

export function runCli(args: readonly string[], options: CliOptions = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000, ...options, env: cliEnv(options.env) });
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

/**
 * runCli without blocking the test: several runs that share nothing (each on its own tree) go at once,
 * so a suite waiting on one process's I/O leaves the core to another.
 */
export function runCliAsync(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: cliEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ status: signal === null ? code : null, stdout, stderr }));
    child.stdin.on('error', () => undefined); // a command that exits without reading its input
    child.stdin.end(options.input ?? '');
  });
}
