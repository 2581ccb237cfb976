/**
 * The user's folders as node:os gives them, without loading node:os on POSIX: the when fast
 * path and a hook's first prompt count every module (node:os ~0.5 ms of CPU). libuv reads
 * $HOME first for the home folder, and os.tmpdir() reads TMPDIR, TMP, TEMP, else /tmp, without
 * a trailing slash; Windows asks node:os.
 */
import { join } from 'node:path';

export function homeDir(): string {
  return (process.platform !== 'win32' && process.env.HOME) || process.getBuiltinModule('node:os').homedir();
}

export function tempDir(): string {
  if (process.platform === 'win32') return process.getBuiltinModule('node:os').tmpdir();
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

/** `$CLAUDE_CONFIG_DIR`, else `~/.claude`: where the client keeps its transcripts (`projects/`). */
export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env, home: string = homeDir()): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== undefined && configured !== '' ? configured : join(home, '.claude');
}
