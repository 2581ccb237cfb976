import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nowIso } from './clock.js';

/**
 * Hooks fail open: the agent never sees their errors, so each failure is one line
 * in `<root>/.claude/memdex-hooks.log` (`<ISO time> <event> <message>`). One append
 * per line (O_APPEND: concurrent hooks do not tear lines). Past MAX_LOG_BYTES the
 * log is moved to `.1`, keeping at most two files.
 */
export const HOOK_LOG = join('.claude', 'memdex-hooks.log');
const MAX_LOG_BYTES = 1024 * 1024;

export function logHookFailure(root: string, event: string, message: string): void {
  const path = join(root, HOOK_LOG);
  try {
    mkdirSync(dirname(path), { recursive: true });
    try {
      if (statSync(path).size > MAX_LOG_BYTES) renameSync(path, `${path}.1`);
    } catch {
      // no log yet
    }
    appendFileSync(path, `${nowIso()} ${event} ${message.replace(/\s*\n\s*/g, ' | ')}\n`);
  } catch {
    // nowhere to log: failing open still means exit 0 with {}
  }
}
