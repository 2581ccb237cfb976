/**
 * Where a program is, found as the shell would find it, without running anything
 * (the hooks check for `claude` on every session end and start: a few stat calls,
 * no child process).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The first executable file called `name` in the PATH directories (as the shell would find it), or undefined. */
export function findExecutable(name: string, path: string | undefined): string | undefined {
  if (isAbsolute(name)) return isExecutableFile(name) ? name : undefined;
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const candidate of process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name]) {
      const file = join(dir, candidate);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

/** Whether `file` is a regular file this process may run. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
