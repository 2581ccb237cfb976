/** Sentences of the machine adapters (src/node/): what could not be read or run, and why. */
export const hostMessages = {
  stdinUnreadable: (code: string) => `cannot read stdin (${code})`,
  gitMissing: (detail: string) => `git is not available (${detail})`,
  gitFailed: (command: string | undefined, cwd: string, detail: string) => `git ${command ?? ''} failed in ${cwd}: ${detail}`,
  gitExit: (status: number | null) => `exit ${status}`,
  decisionsUnlistable: (folder: string, code: string | undefined) => `${folder}: cannot list the decisions folder (${code})`,
  commandTimedOut: (ms: number) => `timed out after ${ms} ms`,
  commandKilled: (signal: string) => `killed by ${signal}`,
  notRegularFile: (file: string) => `${file}: not a regular file; expected a markdown file`,
  cacheFolderUnsafe: (folder: string, problem: string) =>
    `memdex: cache folder ${folder} ${problem}; caches are off for this run (expected a folder of your own that only you can write, mode 0700: remove it, or set MEMDEX_CACHE_DIR)`,
  cacheFolderSymlink: 'is a symbolic link',
  cacheFolderNotFolder: 'is not a folder',
  cacheFolderOwner: (owner: number, me: number) => `belongs to user ${owner}, not to you (user ${me})`,
  cacheFolderWritable: (mode: number) => `is writable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')})`,
  /** Why a code cache file (node/load-bundle.ts) was not used: said only with MEMDEX_DEBUG=1 (codeCacheDebug). */
  codeCacheUnreadable: (code: string) => `cannot be read (${code})`,
  codeCacheNotFile: 'is not a regular file',
  codeCacheTooLarge: (size: number) => `is too large (${size} bytes)`,
  codeCacheOtherBundle: 'is of another bundle, Node, architecture or V8 flags (or torn)',
  codeCacheDamaged: 'is damaged (its code does not match the hash of its header)',
  codeCacheRejected: 'was rejected by V8',
  /** MEMDEX_DEBUG=1: what the code cache did for a bundle (`used`, `absent`, `not used: <why>`, `written`). */
  codeCacheDebug: (bundle: string, what: string) => `memdex: code cache: ${bundle}: ${what}`,
  outsideFolder: (file: string) =>
    `${file}: resolves outside the decisions folder (or was swapped while being read); a query reads only files inside it`,
};

/**
 * What an errno code means to a user. The report of any failure maps the codes that are the machine's doing;
 * ENOENT and EEXIST only count when a writer's guard (src/node/guard-writes.ts) sees them: elsewhere they are bugs.
 */
export const OS_ERROR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on this system',
  EIO: 'input/output error (failing disk or network file system)',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ENAMETOOLONG: 'the file name is too long',
  ELOOP: 'too many levels of symbolic links',
  EBUSY: 'the file or device is busy',
  ETXTBSY: 'the file is busy',
  EFBIG: 'the file is too large',
  ENOMEM: 'out of memory',
  // only from a writer (see WRITER_ONLY_CODES): a folder on the way is missing or is a file
  ENOENT: 'no such file or folder',
  EEXIST: 'a file is already there (expected a folder)',
};

/** Codes that name the machine's doing only inside a writer's guard; elsewhere they point at a bug. */
export const WRITER_ONLY_CODES: ReadonlySet<string> = new Set(['ENOENT', 'EEXIST']);

export const osMessages = {
  cannotWrite: (target: string) => `cannot write ${target}`,
  callFailed: (syscall: string | undefined, path: string | undefined) => `${syscall ?? 'a file operation'}${path ? ` ${path}` : ''} failed`,
  failure: (what: string, description: string, code: string, nothingChanged: boolean) =>
    `${what}: ${description} (${code})${nothingChanged ? '; nothing was changed.' : '.'}`,
};
