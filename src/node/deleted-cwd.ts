/**
 * A shell still in a folder that was deleted (`git worktree remove`, `rm -rf` of a
 * checkout): process.cwd() throws ENOENT, and so does every path memdex resolves,
 * yargs included. bin/memdex.cjs calls this before any command, and only then (it
 * is its own small bundle, so no call pays for it otherwise):
 * - a hook fails open, `{}` and exit 0, as on every other fault of its environment;
 * - a command given an absolute `--root` (or CLAUDE_PROJECT_DIR) runs from there;
 * - one that reads no tree (`--version`, `--help`, `rules`) runs from `/`;
 * - any other is told why, exit 2 (a tree found upward from `/` would be the wrong one).
 */
import { statSync, writeSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { messages } from '../messages/cli.js';

const NEEDS_NO_TREE = new Set([undefined, 'help', '--help', '-h', '--version', '-v', 'rules']);

/** undefined: the process now has a current folder and the command runs; a number: the exit code, already answered. */
export function leaveDeletedCwd(argv: readonly string[], env: NodeJS.ProcessEnv): number | undefined {
  if (argv[0] === 'hook') {
    writeSync(1, '{}\n');
    return 0;
  }
  const root = rootOption(argv) ?? env.CLAUDE_PROJECT_DIR;
  if (root !== undefined && isAbsolute(root) && isDirectory(root)) return void process.chdir(root);
  if (NEEDS_NO_TREE.has(argv[0]) || argv.includes('--help') || argv.includes('-h')) return void process.chdir('/');
  writeSync(2, messages.cwdDeleted);
  return 2;
}

function rootOption(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') return argv[i + 1];
    if (argv[i]!.startsWith('--root=')) return argv[i]!.slice('--root='.length);
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
