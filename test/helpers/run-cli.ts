import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds it first, in `pretest`). */
export const CLI = fileURLToPath(new URL('../../bin/memdex.cjs', import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: readonly string[], options: SpawnSyncOptions & { input?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    ...options,
    // CLAUDE_PROJECT_DIR picks the tree (model/project-root.ts): tests name theirs, never the caller's session.
    // MEMDEX_LEARN=0: a test never calls a `claude` that happens to be installed; tests of the default learner set it back.
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', MEMDEX_DEBUG: '', CLAUDE_PROJECT_DIR: '', MEMDEX_LEARN: '0', ...options.env },
  });
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}
