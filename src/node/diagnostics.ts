import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Diagnostic files (OBS-SCORE-*), written only while `<root>/.claude/diagnostic_mode`
 * exists, into `<root>/.claude/diagnostic/`. Names carry the time to the millisecond,
 * the pid and a sequence number, and are created with O_EXCL: two diagnostics never
 * overwrite each other (the Python tools used one-second names and lost some).
 */
export function diagnosticsEnabled(root: string): boolean {
  return existsSync(join(root, '.claude', 'diagnostic_mode'));
}

let sequence = 0;

/** Best effort: a diagnostic that cannot be written must not fail the command. Returns the file written. */
export function writeDiagnostic(root: string, name: string, content: string): string | undefined {
  if (!diagnosticsEnabled(root)) return undefined;
  try {
    const dir = join(root, '.claude', 'diagnostic');
    mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '');
    for (;;) {
      const path = join(dir, `${stamp}_${process.pid}_${++sequence}_${name}.txt`);
      let fd: number;
      try {
        fd = openSync(path, 'wx', 0o644);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return path;
    }
  } catch {
    return undefined;
  }
}
