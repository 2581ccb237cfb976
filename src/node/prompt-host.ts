import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LaterPromptHost } from '../app/later-prompt.js';
import { CONFIG_FILE } from '../model/config-file.js';
import { JOURNAL_FILE } from '../model/journal-path.js';
import { readStdin } from './read-stdin.js';
import { readTextIfExists } from './read-text.js';
import { hasSessionMarker } from './session-markers.js';
import { writeStdout } from './write-output.js';

/**
 * What a later prompt's fast path reads on this machine (src/app/later-prompt.ts):
 * the environment, stdin, the session's marker and the config's text; the pointers
 * come from pointer-host.ts, loaded only when the config asks for them.
 */
export function nodeLaterPromptHost(): Omit<LaterPromptHost, 'cachedPointers'> {
  let stdin: string | undefined;
  return {
    env: process.env,
    cwd: process.cwd(),
    stdin: () => (stdin ??= readStdin()),
    resolvePath: (base, path) => resolve(base, path),
    hasSessionMarker,
    hasPendingJournal: (root) => existsSync(join(root, JOURNAL_FILE)),
    writeStdout,
    // A FIFO or a device fails at once through the one reader, it is not waited on; an unreadable config is the full hook's to report.
    readConfigText: (root) => readTextIfExists(join(root, CONFIG_FILE), CONFIG_FILE),
  };
}
