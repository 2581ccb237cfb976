import { accessSync, chmodSync, constants, existsSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env, GitSetup, SetupHost, ShellResult } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { refuseUnreplaceable, writeFileAtomic } from './atomic-write.js';
import { cacheDir, cacheEnabled, cachePath } from './cache-files.js';
import { childProcess } from './child-process.js';
import { findExecutable, isExecutableFile } from './find-executable.js';
import { git } from './git.js';
import { guardWrites } from './guard-writes.js';
import { removeEmptyFolder } from './journal-files.js';

/** Wiring a project on this machine (`memdex init`, `memdex doctor`): git's hooks, file modes, PATH, the shell. */
export function nodeSetupHost(): SetupHost {
  return {
    writeSetupFile: (path, text, options) =>
      guardWrites(
        [path],
        () => osMessages.cannotWrite(options.display),
        () => {
          mkdirSync(dirname(path), { recursive: true });
          writeFileAtomic(path, text, { display: options.display, ...(options.expected !== undefined ? { expected: options.expected } : {}) });
          if (options.executable) chmodSync(path, 0o755);
        },
      ),
    refuseUnwritable: (path, display) => void refuseUnreplaceable(path, display),
    removeFile: (path) => rmSync(path, { force: true }),
    isExecutable: isExecutableFile,
    isDirectory: (path) => statIfExists(path)?.isDirectory() === true,
    listDir: (path) => {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
    realPath: (path) => {
      try {
        return realpathSync.native(path);
      } catch {
        return path;
      }
    },
    gitSetup,
    setGitConfig: (top, key, value) => void git(top, ['config', key, value]),
    unsetGitConfig: (top, key) => void childProcess().spawnSync('git', ['config', '--unset', key], { cwd: top, encoding: 'utf8' }),
    removeTree: (path) => rmSync(path, { recursive: true, force: true }),
    removeEmptyFolder,
    runShell,
    findOnPath: (name, env) => findExecutable(name, env.PATH),
    memdexPackageRoot,
    cacheState: (root) => {
      const dir = cacheDir();
      return { dir, enabled: cacheEnabled(), built: existsSync(cachePath(root, 'stamps')), writable: !existsSync(dir) || canWrite(dir) };
    },
  };
}

/** <package>/bin/memdex.cjs is what every way of starting memdex runs (npm's .bin link, the plugin's bin/memdex). */
function memdexPackageRoot(): string | undefined {
  const script = process.argv[1];
  if (script === undefined) return undefined;
  try {
    const root = dirname(dirname(realpathSync(script)));
    return existsSync(join(root, 'bin', 'memdex.cjs')) ? root : undefined;
  } catch {
    return undefined;
  }
}

function statIfExists(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two git calls (it was three, and init, doctor and uninstall asked up to four times a run: app/ now asks once): the
 * top, the tree's folder under it and the hooks folder in one rev-parse, then core.hooksPath as configured. --git-path
 * honours core.hooksPath and linked worktrees; its answer is relative to the cwd, git's real one, which is
 * `<top>/<prefix>` even when `root` is reached through a symbolic link.
 */
function gitSetup(root: string): GitSetup | undefined {
  let lines: string[];
  try {
    lines = git(root, ['rev-parse', '--show-toplevel', '--show-prefix', '--git-path', 'hooks']).toString().split('\n');
  } catch {
    return undefined;
  }
  const top = lines[0]!.trim();
  const hooksDir = resolve(top, lines[1]!.trim(), lines[2]!.trim());
  const configured = childProcess().spawnSync('git', ['config', '--get', 'core.hooksPath'], { cwd: top, encoding: 'utf8' });
  const hooksPath = configured.status === 0 ? configured.stdout.trim() || undefined : undefined;
  const names = existsSync(hooksDir) ? readdirSync(hooksDir) : [];
  const activeHooks = names.filter((name) => !name.endsWith('.sample') && isExecutableFile(join(hooksDir, name))).sort();
  return { top, hooksPath, hooksDir, activeHooks };
}

function runShell(command: string, options: { readonly cwd: string; readonly env: Env; readonly timeoutMs: number }): ShellResult {
  const result = childProcess().spawnSync('sh', ['-c', command], {
    cwd: options.cwd,
    env: options.env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: options.timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`;
  return { status: result.status, output };
}
