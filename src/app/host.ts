/**
 * The ports of the use cases (src/app/): what they need of the machine, and no
 * more. A use case reads through a host, calls the pure core, and writes once; it
 * never imports node:* or src/node/, so it runs the same against the real machine
 * (src/node/*-host.ts, the composition root) and against anything else that
 * implements these.
 *
 * Primitives only: files (the one reader, atomic writes, folders, the cache
 * store), locks, processes, git, the clock and the environment. The workflows
 * over them are use cases in app/: the journal (journal.ts), the model, parse and
 * ranker caches (model-cache.ts, parse-cache.ts, suggest-index.ts), the files a
 * migration rewrites (markdown-files.ts), what a session was shown
 * (session-shown.ts). Split by who needs them, so that a per-call command loads
 * only the adapters it uses: TreeHost (the memory tree: config, texts, git index,
 * the cache store, the journal's file operations, atomic writes) is all `check`
 * needs; AgentHost adds what the
 * hooks and the learner use (locks, temp folders, session marks, the hook log,
 * child processes, which load lazily: the prompt hook never loads child_process);
 * WhenHost is the fast path's; TranscriptHost and SetupHost serve `recall`, `init`
 * and `doctor`.
 *
 * The data they carry is typed in port-types.ts.
 */
import type { Config } from '../model/config.js';
import type { Rule } from '../core/rule.js';
import type { SuggestIndex, UsageIndexData } from '../suggest/index-data.js';
import type { UsageLine } from '../suggest/usage.js';
import type { PathStyle } from '../relevance/paths.js';
import type { TranscriptEvent } from '../transcript/events.js';
import type { ChartLibrary } from '../recall/render-html.js';
import type { PartRange, PartSummary } from '../transcript/part.js';
import type { BuiltFile, CommandResult, Environment, Evaluator, LockOptions, PayloadKind, Recovery, Stamps, TreeSource, WriteOptions } from './port-types.js';

export type { Environment, Evaluator, Recovery, TreeSource };

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * memdex's cache store (src/node/cache-files.ts: where the files live, their header
 * and version, the stamps' validation, atomic writes). What is cached, when a cache
 * is trusted and when it is rebuilt is the use cases' (model-cache.ts,
 * parse-cache.ts, suggest-index.ts).
 */
export interface CacheHost {
  /** False with MEMDEX_NO_CACHE=1: nothing is read from or written to the store. */
  cachesEnabled(): boolean;
  /** The cache's stamps of the tree's memory files (index, decision files) while they still describe them; undefined when stale or absent. */
  readTreeStamps(root: string, config: Config): Stamps | undefined;
  /** The payload cached with these stamps; undefined when missing, torn or of another build. */
  readCachePayload(root: string, kind: PayloadKind, stamps: Stamps): string | undefined;
  /** The same as bytes, for a payload stored as such (the ranker's index, suggest/index-file.ts). */
  readCachePayloadBytes(root: string, kind: PayloadKind, stamps: Stamps): Uint8Array | undefined;
  /** Adds a payload to a build whose stamps are written. */
  writeCachePayload(root: string, kind: PayloadKind, stamps: Stamps, body: string | Uint8Array): void;
  /** Writes a fresh build's payloads, then the stamps that make them valid (`startedAt`: clockMs() before the files were looked at); the stamps. */
  writeTreeCache(root: string, config: Config, startedAt: number, files: readonly BuiltFile[], payloads: Partial<Record<PayloadKind, string | Uint8Array>>): Stamps;
  /** The body of the tree's parse cache file; undefined when missing, unusable or of another version. */
  readParseCache(root: string): string | undefined;
  writeParseCache(root: string, body: string): void;
  /** The content hash the stamps use (SHA-1 of the UTF-8 bytes, hex). */
  contentHash(text: string): string;
  /** A file's size and modification time (links followed); undefined when it cannot be stat-ed. */
  statFile(path: string): { readonly size: number; readonly mtimeMs: number } | undefined;
  /** The wall clock in milliseconds. */
  clockMs(): number;
  /** A decision file's text, read confined to the decisions folder (no link leads out of it). */
  readDecisionText(root: string, decisions: string, path: string): string;
  /** The project's usage log indexed for the ranker (through its own cache file, valid for the index's tree id); undefined without a log. */
  usageIndex(root: string, data: SuggestIndex, tree: string | undefined): UsageIndexData | undefined;
  /** The memory files of the working tree (decision files read confined). */
  workingTree(root: string): TreeSource;
}

/**
 * The file operations of the add/migration journal's recovery (src/app/journal.ts:
 * the protocol, its order and its recovery), each about one system call. Every
 * command that reads the tree needs them; only a writer needs JournalWrites.
 */
export interface JournalFiles extends Pick<AgentHost, 'withLock' | 'removeFile'> {
  /** Removes a lock file a killed process left (without waiting); true when no lock is left. */
  removeAbandonedLock(lockPath: string): boolean;
  rename(from: string, to: string): void;
  /** Makes a folder's entries (a rename in it) durable. */
  syncDir(path: string): void;
  /** Removes a folder when it is empty; false when it is not (or is gone). */
  removeEmptyFolder(path: string): boolean;
}

/** What the journal's writer adds (`add`, `promote`, `migrate apply`). */
export interface JournalWrites extends JournalFiles, Pick<AgentHost, 'sha256'> {
  /** Creates a folder and its parents when missing. */
  makeDir(path: string): void;
  /** A new file with this text, fsynced; `mode` set on it (else 0644 minus the umask). */
  writeSynced(path: string, text: string, mode?: number): void;
  /**
   * Where a replacement of the root-relative `path` lands, as the atomic writer decides
   * it: through symbolic links (root-relative to the root's real path), with the
   * target's mode. Refuses (InputError) a target that is not a regular file or is read-only.
   */
  landingOf(root: string, path: string): { readonly path: string; readonly mode: number | undefined };
  /**
   * Runs writes to these root-relative files; an operating-system failure becomes an
   * OsError naming the file that failed, saying whether they changed (compared byte
   * for byte after `recover` ran). Other errors pass through.
   */
  guardCommit<T>(root: string, paths: readonly string[], write: () => T, recover: () => void): T;
  /** SIGKILL this process (the crash tests' switch, MEMDEX_TEST_CRASH_AFTER). */
  killSelf(): void;
}

export interface TreeHost extends CacheHost, JournalWrites {
  readonly cwd: string;
  readonly env: Env;
  /** The wall clock as an ISO string: the core takes time as a parameter. */
  now(): string;
  /** All of stdin, read once per process (also across the when fast path's hand-over). */
  stdin(): string;
  /** Absolute path from a base and a user-given path. */
  resolvePath(base: string, path: string): string;
  exists(path: string): boolean;
  /** UTF-8 text, through the one reader (src/node/read-text.ts); InputError naming `display` when unreadable or not UTF-8. */
  readText(path: string, display?: string): string;
  /** The same, undefined when the file does not exist. */
  readTextIfExists(path: string, display?: string): string | undefined;
  /** `dir` and a path under it as the platform joins them (`.` and `..` folded). */
  joinPath(dir: string, path: string): string;
  /** Temp file, fsync, rename; a text in pieces (a report: strings or UTF-8 bytes) is written to the temp a piece at a time. */
  /** With `expected`, refuses (ConcurrentEditError) when the file no longer holds that text. */
  writeTextAtomic(path: string, text: string | Iterable<string | Uint8Array>, options?: WriteOptions): void;
  appendText(path: string, text: string): void;
  /** The nearest folder at or above `start` holding a memory tree. */
  findRoot(start: string): string | undefined;
  /** --root (checked to exist) or the tree found from the cwd; InputError when none. */
  resolveRoot(explicit: string | undefined): string;
  /** The tree a hook works on (the same order from the session's cwd); undefined when that folder holds no memory: the hook does nothing. */
  hookRoot(payloadCwd: string | undefined): string | undefined;
  /** The local rules of config `plugins` (`check` alone loads them); `builtIn`: the ids they may not take. */
  loadPlugins(root: string, paths: readonly string[], builtIn: readonly Rule[]): Rule[];
  gitIndex(root: string, config: Config): TreeSource;
  uncommittedPaths(root: string, paths: readonly string[]): string[] | 'no-git';
  /** `git ls-files` of the tracked and not-ignored untracked paths matching a pathspec, root-relative; undefined outside a git work tree. */
  gitListFiles(root: string, pathspec: string): readonly string[] | undefined;
  /** The folders (with a trailing `/`) and regular files in a folder, in listing order (links and other kinds left out); throws the OS error. */
  listFolder(path: string): readonly string[];
  /** Straight to the file descriptor (no stream built); a reader that went away ends the output quietly. Bytes are UTF-8, written as they are. */
  writeStdout(text: string | Uint8Array): void;
  writeStderr(text: string): void;
  /** A progress line on a terminal (nothing otherwise). */
  progress(done: number, total: number): void;
  readonly interactive: boolean;
}

/**
 * The agent's side of the machine (hooks, learning, the relevance store): files
 * beyond the memory tree, locks, processes, the session's marks, the client's
 * transcripts. Primitives only: every workflow over them is a use case of app/
 * (playbook-file.ts, relevance-store.ts, transcript-parts.ts, evaluate-pending.ts).
 */
export interface AgentHost {
  /** Creates the folder that holds `path` (and its parents) when missing. */
  makeParentDir(path: string): void;
  /** A fresh private folder in the system's temp folder, named from `prefix`. */
  makeTempDir(prefix: string): string;
  /** Removes a folder and what it holds (nothing when it is gone). */
  removeDir(path: string): void;
  /** Removes a file (nothing when it is gone). */
  removeFile(path: string): void;
  /** Names in a folder; undefined when it does not exist. */
  listDir(path: string): readonly string[] | undefined;
  /** Removes the temps killed writers left in `dir` (of atomic writes and locks): for a folder whose writes skip that (WriteOptions.sweep). */
  sweepTemps(dir: string): void;
  /** A regular file's size and modification time; undefined when it is not one. */
  fileInfo(path: string): { readonly size: number; readonly mtimeMs: number } | undefined;
  /** Temp file beside it, fsync (unless `durable: false`), rename: readers see the old text or the new, never a torn one. Errors as the OS gives them. */
  replaceText(path: string, text: string, options?: Pick<WriteOptions, 'durable' | 'sweep'>): void;
  /**
   * Runs writes to these files; an operating-system failure (disk full, permission
   * denied) becomes an OsError naming `display` that says whether they changed,
   * compared byte for byte. Other errors pass through.
   */
  guardWrites<T>(paths: readonly string[], display: string, write: () => T): T;
  /** Runs `fn` holding the exclusive lock file `lockPath` (waits, then fails with a message; an abandoned lock is taken over). */
  withLock<T>(lockPath: string, fn: () => T, options?: LockOptions): T;
  /** The lock if free (or abandoned) now, without waiting: its release, or undefined when a live process holds it. */
  tryLock(lockPath: string, staleMs: number): (() => void) | undefined;
  /** A diagnostic file (OBS-*) under `<root>/.claude/diagnostic/`, only while `<root>/.claude/diagnostic_mode` exists; best effort. */
  writeDiagnostic(root: string, name: string, content: string): void;
  /** This process among all that work on one store: host, pid and a random part. */
  workerId(): string;
  /** The SHA-256 of a text (UTF-8), hex. */
  sha256(text: string): string;
  /** The byte offset just after the file's last newline (0 when it has none). */
  completeLinesEnd(path: string): number;
  /** Copies the lines of bytes [start, end) of `from` (complete lines) that `keep` accepts into a new file `to` (mode 0600); how many. */
  copyLines(from: string, to: string, start: number, end: number, keep: (line: string) => boolean): number;
  /** Names in a folder, a folder's with a trailing `/`; throws the OS error when it cannot be listed. */
  listEntries(path: string): readonly string[];
  /** The `origin` remote's URL from the repository's git config (read, git not run); undefined when none or unreadable. */
  gitOriginUrl(root: string): string | undefined;
  /** `~` expanded, made absolute, symlinks resolved when the path exists. */
  canonicalPath(path: string): string;
  readonly pathStyle: PathStyle;
  /** The transcript path when it lies in the client's projects folder or the project (resolved); undefined otherwise. */
  allowedTranscriptPath(path: string, root: string): string | undefined;
  hasSessionMarker(root: string, sessionId: string): boolean;
  claimSessionMarker(root: string, sessionId: string): boolean;
  clearSessionMarker(root: string, sessionId: string): void;
  pruneSessionMarkers(root: string): void;
  /** Where a session's marker lives (its id made a safe file name); what the hooks keep of a session goes beside it (pruned with it). */
  sessionMarkerPath(root: string, sessionId: string): string;
  /**
   * The complete lines of bytes [start, end) of a file (the first dropped when `cutFirst`),
   * those holding one of `markers` (a byte search), with their index among the lines read;
   * `end`: just after the last complete line. Undefined when unreadable or no complete line.
   */
  readRecords(path: string, start: number, end: number, cutFirst: boolean, markers: readonly string[]): { readonly records: readonly { readonly line: number; readonly text: string }[]; readonly end: number } | undefined;
  /** Writes a file (not atomically, no fsync): state a tear only makes memdex read again. */
  writeFileText(path: string, text: string): void;
  hookLog(root: string, event: string, message: string): void;
  /** `memdex hook <args…>` in a detached background process (this node, this memdex), output to the hook log. */
  startHookWorker(root: string, args: readonly string[]): void;
  /** This memdex as a shell command the agent's Bash tool can run (absolute, quoted). */
  memdexCommand(): string;
  /** A user-configured shell command, with one argument when given (child_process, loaded only now). */
  runShellCommand(command: string, argument: string | undefined, options: { input: string; timeoutMs: number; env: Env; cwd: string }): Promise<CommandResult>;
  /** A program with an argument vector, no shell (child_process, loaded only now). */
  runProgram(file: string, args: readonly string[], options: { input: string; timeoutMs: number; env: Env; cwd: string }): Promise<CommandResult>;
  /** The first executable called `name` on this process's PATH (a few stat calls, nothing run). */
  findExecutable(name: string): string | undefined;
  /** Streams the events of bytes [start, end) of a transcript in file order (src/transcript/part.ts); throws when it is not a readable regular file. */
  readTranscriptPart(path: string, range: PartRange, onEvent: (event: TranscriptEvent) => void): PartSummary;
}

/** A session transcript in the client's folder; `start`: its first record that has a timestamp. */
export interface SessionFile {
  readonly id: string;
  readonly path: string;
  readonly start: string | undefined;
  /** The start of its first user prompt (OPENING_CHARS of it), when the head of the file holds one: a learner's session is known by it. */
  readonly firstPrompt?: string;
  /** Why it could not be opened (it is then skipped and reported). */
  readonly unreadable?: string;
}

/** The client's transcripts (`memdex recall`). */
export interface TranscriptHost {
  /** `$CLAUDE_CONFIG_DIR` (or ~/.claude) `/projects/<root encoded as the client does>`. */
  transcriptsDir(root: string): string;
  /** The folder's top-level sessions (`<id>.jsonl`), by name; undefined when the folder does not exist. */
  listSessions(dir: string): SessionFile[] | undefined;
  /** One session file's first timestamp and the opening of its first prompt (what listSessions reads of each). */
  sessionHead(path: string): { readonly start?: string; readonly firstPrompt?: string };
  /** Streams a session's events in conversation order (then its subagents', when asked); throws when it cannot be read. */
  readSession(path: string, subagents: boolean, onEvent: (event: TranscriptEvent) => void): void;
  /** The chart library inlined into the HTML report. */
  chartLibrary(): Promise<ChartLibrary>;
  /** A progress line on a terminal (nothing otherwise); cleared when done = total. */
  sessionProgress(done: number, total: number): void;
  /**
   * The sessions the client is running now (its `$CLAUDE_CONFIG_DIR/sessions/<pid>.json`
   * entries whose process lives); undefined when the client keeps no such list.
   */
  runningSessions(): ReadonlySet<string> | undefined;
  /** Appends to the project's usage log the lines it does not hold yet (node/usage-log.ts); returns how many. */
  appendUsage(root: string, lines: readonly UsageLine[]): number;
}

/** What a project's wiring is on this machine: git's hooks, file modes, commands on PATH (`memdex init`, `memdex doctor`). */
export interface GitSetup {
  /** The working tree's top folder (absolute). */
  readonly top: string;
  /** `core.hooksPath` as configured (relative to `top` when relative), undefined when unset. */
  readonly hooksPath: string | undefined;
  /** The folder git runs hooks from (absolute): `core.hooksPath`, else `.git/hooks`. */
  readonly hooksDir: string;
  /** The hooks in that folder git would run (executable, not `*.sample`). */
  readonly activeHooks: readonly string[];
}

export interface ShellResult {
  readonly status: number | null;
  readonly output: string;
}

export interface SetupHost {
  /** Creates missing parent folders, then writes atomically (refused when the file no longer holds `expected`); `executable`: mode 0755. */
  writeSetupFile(path: string, text: string, options: { readonly expected?: string; readonly executable?: boolean; readonly display: string }): void;
  /** Refuses (InputError naming `display`) a target writeSetupFile would refuse: not a regular file, or read-only. Writes nothing. */
  refuseUnwritable(path: string, display: string): void;
  /** Removes a file (nothing when it is gone). */
  removeFile(path: string): void;
  isExecutable(path: string): boolean;
  isDirectory(path: string): boolean;
  /** Names in a folder; undefined when it does not exist. */
  listDir(path: string): readonly string[] | undefined;
  /** The folder's path with every symbolic link resolved (the path itself when it cannot be resolved). */
  realPath(path: string): string;
  /** Git's view of the folder, undefined outside a git working tree or without git. */
  gitSetup(root: string): GitSetup | undefined;
  setGitConfig(top: string, key: string, value: string): void;
  /** `git config --unset <key>` in the repository at `top` (nothing when unset). */
  unsetGitConfig(top: string, key: string): void;
  /** Removes a folder and everything in it (nothing when it is gone). */
  removeTree(path: string): void;
  /** Removes a folder when it is empty; false when it is not (or is gone). */
  removeEmptyFolder(path: string): boolean;
  /** `sh -c <command>` with this environment, stdout and stderr together; never throws. */
  runShell(command: string, options: { readonly cwd: string; readonly env: Env; readonly timeoutMs: number }): ShellResult;
  /** The executable a bare command name resolves to through PATH, undefined when none. */
  findOnPath(name: string, env: Env): string | undefined;
  /** The package folder of the memdex that runs (the plugin's folder when run as the plugin's bin/memdex). */
  memdexPackageRoot(): string | undefined;
  /** The cache folder, whether caches are on, and whether this tree's stamps are there. */
  cacheState(root: string): { readonly dir: string; readonly enabled: boolean; readonly built: boolean; readonly writable: boolean };
}

export type Host = TreeHost & AgentHost;

/** `memdex when|how|resolve` (src/app/when.ts): the tree, its cached trigger table, the decision files the table points to. */
export interface WhenHost extends Pick<TreeHost, 'resolveRoot' | 'readTextIfExists' | 'joinPath' | 'exists' | 'readText' | 'stdin' | 'writeStdout' | 'writeStderr'>, JournalFiles, Pick<CacheHost, 'readTreeStamps' | 'readDecisionText'> {
  /** The trigger table cached with these stamps; undefined when there is none. */
  readTriggerTable(root: string, stamps: Stamps): string | undefined;
  /** The model payload cached with these stamps (the section table at its head); undefined when there is none. */
  readModelPayload(root: string, stamps: Stamps): string | undefined;
}

/** The model stage of `memdex when|how|resolve` (src/app/when-model.ts): the model cache and the ranker's index through the cache store. */
export interface ResolverHost extends WhenHost, CacheHost {}
