import { spawnSync } from 'node:child_process';
import { hostMessages } from '../messages/host.js';

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the command could not run or was killed at the timeout. */
  readonly error?: string;
}

/**
 * Runs a user-configured shell command (e.g. config playbook.extractor) with one
 * argument passed safely: on POSIX as "$1" of `sh -c '<command> "$1"'`, so the
 * argument is never re-parsed by the shell whatever characters it contains.
 */
export function runShellCommand(
  command: string,
  argument: string,
  options: { input: string; timeoutMs: number; env: NodeJS.ProcessEnv; cwd: string },
): CommandResult {
  const win = process.platform === 'win32';
  const result = spawnSync(win ? `${command} "${argument.replace(/"/g, '""')}"` : '/bin/sh', win ? [] : ['-c', `${command} "$1"`, 'memdex', argument], {
    input: options.input,
    encoding: 'utf8',
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
    env: options.env,
    cwd: options.cwd,
    shell: win,
  });
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  // EPIPE: the command exited without reading all of its stdin; its status and output still count.
  const error = result.error && code !== 'EPIPE'
    ? code === 'ETIMEDOUT'
      ? hostMessages.commandTimedOut(options.timeoutMs)
      : result.error.message
    : result.signal
      ? hostMessages.commandKilled(result.signal)
      : undefined;
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', ...(error ? { error } : {}) };
}
