import { resolve } from 'node:path';
import { findRoot, resolveRoot } from './load-config.js';

/**
 * The project whose playbook a command works on: `--root`, else CLAUDE_PROJECT_DIR
 * (set by Claude Code), else the memory tree found walking up from the cwd.
 */
export function resolveProjectRoot(explicitRoot: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env.CLAUDE_PROJECT_DIR?.trim() ? env.CLAUDE_PROJECT_DIR : undefined;
  return resolveRoot(explicitRoot ?? fromEnv, cwd);
}

/**
 * Hooks must not fail on a project without memdex files: CLAUDE_PROJECT_DIR, else
 * the session's cwd (from the payload) or the process cwd, walking up to a memory
 * tree when there is one above it.
 */
export function hookProjectRoot(env: NodeJS.ProcessEnv, payloadCwd: string | undefined, cwd: string): string {
  if (env.CLAUDE_PROJECT_DIR?.trim()) return resolve(cwd, env.CLAUDE_PROJECT_DIR);
  const start = resolve(cwd, payloadCwd ?? '.');
  return findRoot(start) ?? start;
}
