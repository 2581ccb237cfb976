import type * as ChildProcess from 'node:child_process';

/**
 * node:child_process, loaded on first use: loading it costs milliseconds (tens on a
 * busy machine) that `check` and the prompt hook would pay on every call, though
 * only `--staged` and `migrate apply` ever run git.
 */
export function childProcess(): typeof ChildProcess {
  return process.getBuiltinModule('node:child_process');
}
