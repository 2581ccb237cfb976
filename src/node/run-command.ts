import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { hostMessages } from '../messages/host.js';
import type { CommandResult } from '../app/port-types.js';

export interface RunOptions {
  readonly input: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

/** Far above any real answer; stops a runaway command from filling memory. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Runs a user-configured shell command (e.g. config playbook.extractor, relevance.evaluator)
 * with at most one argument, passed safely: on POSIX as "$1" of `sh -c '<command> "$1"'`,
 * so the argument is never re-parsed by the shell whatever characters it contains.
 */
export function runShellCommand(command: string, argument: string | undefined, options: RunOptions): CommandResult {
  const win = process.platform === 'win32';
  if (argument === undefined) return spawned(spawnSync(win ? command : '/bin/sh', win ? [] : ['-c', command], spawnOptions(options, win)), options.timeoutMs);
  const file = win ? `${command} "${argument.replace(/"/g, '""')}"` : '/bin/sh';
  return spawned(spawnSync(file, win ? [] : ['-c', `${command} "$1"`, 'memdex', argument], spawnOptions(options, win)), options.timeoutMs);
}

/** Runs a program with an argument vector, no shell (the default extractor's `claude -p …`). */
export function runProgram(file: string, args: readonly string[], options: RunOptions): CommandResult {
  return spawned(spawnSync(file, args, spawnOptions(options, false)), options.timeoutMs);
}

function spawnOptions(options: RunOptions, shell: boolean) {
  return {
    input: options.input,
    encoding: 'utf8' as const,
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL' as const,
    maxBuffer: MAX_OUTPUT_BYTES,
    env: options.env,
    cwd: options.cwd,
    shell,
  };
}

function spawned(result: SpawnSyncReturns<string>, timeoutMs: number): CommandResult {
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  const output = { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  // EPIPE: the command exited without reading all of its stdin; its status and output still count.
  if (result.error && code !== 'EPIPE') {
    if (code === 'ETIMEDOUT') return { ...output, error: hostMessages.commandTimedOut(timeoutMs), reason: 'timeout' };
    return { ...output, error: result.error.message, reason: code === 'ENOENT' ? 'not-found' : 'other' };
  }
  if (result.signal) return { ...output, error: hostMessages.commandKilled(result.signal), reason: 'killed', signal: result.signal };
  return output;
}
