import { resolve } from 'node:path';
import { findRoot } from './load-config.js';

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
