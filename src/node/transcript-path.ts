import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { claudeConfigDir } from './os-paths.js';

/**
 * Where a transcript may be read from. The session-end payload names the transcript,
 * and the evaluator later sends its text to a model: a path anywhere else (another
 * project's secrets, ~/.ssh) must never be read. Claude Code keeps transcripts in
 * `<config dir>/projects/` (`$CLAUDE_CONFIG_DIR`, default `~/.claude`); the project's
 * own folder is allowed too (tests, other clients). Symlinks are resolved first, so a
 * link inside cannot point outside. Undefined when the path is not allowed.
 */
export function allowedTranscriptPath(path: string, root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let real: string;
  try {
    real = realpathSync(resolve(root, path));
  } catch {
    return undefined; // missing: nothing to read
  }
  const configDir = claudeConfigDir(env);
  const folders = [join(configDir, 'projects'), root].map((folder) => {
    try {
      return realpathSync(folder);
    } catch {
      return resolve(folder);
    }
  });
  return folders.some((folder) => inside(real, folder)) ? real : undefined;
}


function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
