/**
 * The hooks' background work and the command that names this memdex.
 *
 * Claude Code gives all SessionEnd hooks 1.5 s together (60 s at most, whatever the
 * settings say) and cancels a hook that runs longer, so session-end and pre-compact
 * hand the extractor to `memdex hook extract-worker …`, started here: the same
 * node and the same memdex script this hook runs as, detached (its own process
 * group: the client's cleanup does not reach it), stdin closed, stdout and stderr
 * appended to the hook log, and unreferenced, so the hook exits at once.
 */
import { accessSync, closeSync, constants, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { childProcess } from './child-process.js';
import { HOOK_LOG } from './hook-log.js';
import { shellQuote } from '../core/shell-quote.js';

export function startHookWorker(root: string, args: readonly string[]): void {
  const script = process.argv[1];
  if (script === undefined) throw new Error('no script path in process.argv');
  const logPath = join(root, HOOK_LOG);
  mkdirSync(dirname(logPath), { recursive: true });
  const log = openSync(logPath, 'a');
  try {
    const child = childProcess().spawn(process.execPath, [script, 'hook', ...args], {
      cwd: root,
      detached: true,
      stdio: ['ignore', log, log],
      env: process.env,
      windowsHide: true,
    });
    child.unref();
  } finally {
    closeSync(log);
  }
}

/**
 * This memdex as a shell command the agent's Bash tool can run: the absolute path
 * it was started with (e.g. `<project>/node_modules/.bin/memdex`, which is not on
 * the agent's PATH with a devDependency install), single-quoted; prefixed with this
 * node when the script is not executable by itself.
 */
export function memdexCommand(): string {
  const script = process.argv[1];
  if (script === undefined) return 'memdex';
  return executable(script) ? shellQuote(script) : `${shellQuote(process.execPath)} ${shellQuote(script)}`;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

