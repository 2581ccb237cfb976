/**
 * The one port between the use cases (src/app/) and the machine. A use case reads
 * what it needs through a Host, calls the pure core, and writes once; it never
 * imports node:* or src/node/, so it runs the same against the real machine
 * (src/node/node-host.ts) and against anything else that implements this.
 *
 * Two halves, so that a per-call command loads only the adapters it uses:
 * TreeHost (the memory tree: config, texts, git index, journal, atomic writes) is
 * all `check` needs; AgentHost adds the playbook, the relevance store, session
 * markers, the hook log and child processes (those load lazily: the prompt hook
 * never loads child_process).
 *
 * The data types are those the adapters define (type-only imports).
 */
import type { Config, ConfigProblem } from '../model/config.js';
import type { Project } from '../model/project.js';
import type { NewKeyPointPolicy } from '../playbook/apply-extraction.js';
import type { ReviewDecision, ReviewOutcome } from '../playbook/review.js';
import type { ExtractionResult } from '../playbook/types.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import type { RelevanceParams } from '../relevance/params.js';
import type { PathStyle } from '../relevance/paths.js';
import type { RelevanceState, SessionRecord } from '../relevance/types.js';
import type { Environment } from '../node/detect-environment.js';
import type { EvaluateOptions, EvaluateSummary, Evaluator } from '../node/evaluate-pending.js';
import type { CommitHooks, Recovery } from '../node/journal.js';
import type { LoadedConfig } from '../node/load-config.js';
import type { LockOptions } from '../node/lock.js';
import type { ParseCache } from '../node/parse-cache.js';
import type { LoadedPlaybook, MigrateOutcome, PlaybookFile, UpdateOutcome } from '../node/playbook-file.js';
import type { PlaybookKeyPoints } from '../node/read-playbook-key-points.js';
import type { SessionAudit } from '../node/record-session-audit.js';
import type { Change, StoreRead } from '../node/relevance-store.js';
import type { CommandResult } from '../node/run-command.js';
import type { PartFile, PartRelease, PendingRetry, TranscriptPart } from '../node/transcript-parts.js';
import type { PartExcerpt } from '../node/transcript-excerpt.js';
import type { PartRange } from '../transcript/part.js';
import type { TreeSource } from '../node/working-tree.js';
import type { WriteOptions } from '../node/atomic-write.js';
import type { TranscriptEvent } from '../transcript/events.js';
import type { ChartLibrary } from '../recall/render-html.js';

export type { Environment, Evaluator, LoadedPlaybook, ParseCache, PartExcerpt, PlaybookFile, PlaybookKeyPoints, Recovery, StoreRead, TranscriptPart, TreeSource };

export type Env = Readonly<Record<string, string | undefined>>;

export interface TreeHost {
  readonly cwd: string;
  readonly env: Env;
  /** The wall clock as an ISO string: the core takes time as a parameter. */
  now(): string;
  /** All of stdin, read once per process (also across the recall fast path's hand-over). */
  stdin(): string;
  /** Absolute path from a base and a user-given path. */
  resolvePath(base: string, path: string): string;
  exists(path: string): boolean;
  /** UTF-8 text; InputError naming `display` when unreadable or not UTF-8. */
  readText(path: string, display?: string): string;
  /** Temp file, fsync, rename. */
  /** With `expected`, refuses (ConcurrentEditError) when the file no longer holds that text. */
  writeTextAtomic(path: string, text: string, options?: WriteOptions): void;
  appendText(path: string, text: string): void;
  /** The nearest folder at or above `start` holding a memory tree. */
  findRoot(start: string): string | undefined;
  /** --root (checked to exist) or the tree found from the cwd; InputError when none. */
  resolveRoot(explicit: string | undefined): string;
  /** The tree a hook works on (the same order from the session's cwd; the cwd itself as the last resort). */
  hookRoot(payloadCwd: string | undefined): string;
  /** With `checkRules`, rule ids and options are checked too (a bad setting is a usage error). */
  loadConfig(root: string, checkRules?: (rules: Config['rules']) => readonly ConfigProblem[]): LoadedConfig;
  /** Finish or roll back an interrupted migration. */
  recoverJournal(root: string): Recovery | undefined;
  commitFiles(root: string, changes: ReadonlyMap<string, string>, hooks?: CommitHooks): void;
  workingTree(root: string): TreeSource;
  gitIndex(root: string, config: Config): TreeSource;
  loadProject(config: Config, source: TreeSource): Promise<Project>;
  /** The topic ranker's index of the working tree, from the model cache (built once per tree change); undefined without a memory index. */
  loadSuggestIndex(root: string, config: Config): Promise<SuggestIndexData | undefined>;
  /** The texts a project is built from (index, decision files, playbook), each read once. */
  readProjectFiles(config: Config, source: TreeSource): Map<string, string>;
  /** Parsed documents by content hash, kept per tree across processes (nothing kept with MEMDEX_NO_CACHE=1). */
  parseCache(root: string): ParseCache;
  /** The model of these texts; documents come from `parseCache` when given. */
  buildProject(files: ReadonlyMap<string, string>, config: Config, parseCache?: ParseCache): Promise<Project>;
  uncommittedPaths(root: string, paths: readonly string[]): string[] | 'no-git';
  readMarkdownFiles(root: string): Map<string, string>;
  /** Straight to the file descriptor (no stream built); a reader that went away ends the output quietly. */
  writeStdout(text: string): void;
  writeStderr(text: string): void;
  /** A progress line on a terminal (nothing otherwise). */
  progress(done: number, total: number): void;
  readonly interactive: boolean;
}

export interface AgentHost {
  playbookFile(root: string, config: Config): PlaybookFile;
  readPlaybook(file: PlaybookFile): LoadedPlaybook;
  readPlaybookKeyPoints(root: string, config: Config): PlaybookKeyPoints;
  updatePlaybook(file: PlaybookFile, extraction: ExtractionResult, now: string, lock?: LockOptions, policy?: NewKeyPointPolicy): UpdateOutcome;
  /** Approves or rejects a pending key point (src/playbook/review.ts), under the playbook's lock. */
  reviewPlaybook(file: PlaybookFile, name: string, decision: ReviewDecision, now: string): ReviewOutcome;
  migratePlaybook(file: PlaybookFile, now: string): MigrateOutcome;
  loadTemplate(root: string, config: Config): string;
  relevanceStorePath(root: string, config: Config): string;
  relevanceParams(config: Config): RelevanceParams;
  readRelevance(path: string, params: RelevanceParams): StoreRead;
  updateRelevance<R>(path: string, change: (state: RelevanceState) => Change<R>, options: LockOptions & { readonly params?: RelevanceParams }): R;
  recordSessionAudit(storePath: string, audit: SessionAudit, options: LockOptions & { readonly params?: RelevanceParams }): SessionRecord;
  detectEnvironment(root: string): Environment;
  /** `~` expanded, made absolute, symlinks resolved when the path exists. */
  canonicalPath(path: string): string;
  readonly pathStyle: PathStyle;
  /** The transcript path when it lies in the client's projects folder or the project (resolved); undefined otherwise. */
  allowedTranscriptPath(path: string, root: string): string | undefined;
  hasSessionMarker(root: string, sessionId: string): boolean;
  claimSessionMarker(root: string, sessionId: string): boolean;
  clearSessionMarker(root: string, sessionId: string): void;
  pruneSessionMarkers(root: string): void;
  /** The entries the prompt hook already pointed this session to. */
  readSuggested(root: string, sessionId: string): readonly string[];
  recordSuggested(root: string, sessionId: string, labels: readonly string[]): void;
  hookLog(root: string, event: string, message: string): void;
  /** `memdex hook <args…>` in a detached background process (this node, this memdex), output to the hook log. */
  startHookWorker(root: string, args: readonly string[]): void;
  /** This memdex as a shell command the agent's Bash tool can run (absolute, quoted). */
  memdexCommand(): string;
  /** The byte range of the session transcript's complete lines not yet given to the extractor, claimed; undefined when none. */
  claimTranscriptPart(root: string, sessionId: string, transcriptPath: string, lock: LockOptions): TranscriptPart | undefined;
  /** The part's lines that `keep` accepts, copied into a temp file for a configured extractor (removePartFile deletes it). */
  writePartFile(part: TranscriptPart, keep: (line: string) => boolean): PartFile;
  removePartFile(file: string): void;
  /** A part not extracted is given back, unless a later claim moved on or it failed `maxFailures` times. */
  releaseTranscriptPart(root: string, part: TranscriptPart, extracted: boolean, lock: LockOptions, maxFailures?: number): PartRelease;
  /** Sessions whose failed extraction was given back, oldest first. */
  pendingExtractionRetries(root: string): PendingRetry[];
  /** A user-configured command with one argument (child_process, loaded only now). */
  runShellCommand(command: string, argument: string, options: { input: string; timeoutMs: number; env: Env; cwd: string }): Promise<CommandResult>;
  /** A program with an argument vector, no shell (child_process, loaded only now). */
  runProgram(file: string, args: readonly string[], options: { input: string; timeoutMs: number; env: Env; cwd: string }): Promise<CommandResult>;
  /** A new, empty folder in the system's temp folder (the learner's child runs there), and its removal. */
  makeTempDir(prefix: string): string;
  removeTempDir(path: string): void;
  /** The first executable called `name` on this process's PATH (a few stat calls, nothing run). */
  findExecutable(name: string): string | undefined;
  /** Bytes [start, end) of a transcript rendered for the learner (src/transcript/excerpt.ts), at most `maxChars`; empty when unreadable. */
  partExcerpt(path: string, range: PartRange, maxChars: number): PartExcerpt;
  /** Locked read-modify-write of a JSON state file (node/json-store.ts). */
  updateJsonFile<T>(path: string, parse: (text: string | undefined) => T, update: (current: T) => T | undefined, serialize: (value: T) => string, lock?: LockOptions): T;
  /** The project's learning-runner lock if free now (no wait): its release, or undefined when a live runner holds it. */
  tryLearningLock(root: string): (() => void) | undefined;
  /** A configured evaluator command (shell, JSON on stdin, MEMDEX_HOOKS=0, no CLAUDECODE). */
  commandEvaluator(command: string, cwd: string, timeoutMs: number): Evaluator;
  evaluatePending(options: EvaluateOptions): Promise<EvaluateSummary>;
}

/** A session transcript in the client's folder; `start`: its first record that has a timestamp. */
export interface SessionFile {
  readonly id: string;
  readonly path: string;
  readonly start: string | undefined;
  /** Why it could not be opened (it is then skipped and reported). */
  readonly unreadable?: string;
}

/** The client's transcripts (`memdex recall`). */
export interface TranscriptHost {
  /** `$CLAUDE_CONFIG_DIR` (or ~/.claude) `/projects/<root encoded as the client does>`. */
  transcriptsDir(root: string): string;
  /** The folder's top-level sessions (`<id>.jsonl`), by name; undefined when the folder does not exist. */
  listSessions(dir: string): SessionFile[] | undefined;
  /** Streams a session's events in conversation order (then its subagents', when asked); throws when it cannot be read. */
  readSession(path: string, subagents: boolean, onEvent: (event: TranscriptEvent) => void): void;
  /** The chart library inlined into the HTML report. */
  chartLibrary(): Promise<ChartLibrary>;
  /** A progress line on a terminal (nothing otherwise); cleared when done = total. */
  sessionProgress(done: number, total: number): void;
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
  isExecutable(path: string): boolean;
  isDirectory(path: string): boolean;
  /** Names in a folder; undefined when it does not exist. */
  listDir(path: string): readonly string[] | undefined;
  /** Git's view of the folder, undefined outside a git working tree or without git. */
  gitSetup(root: string): GitSetup | undefined;
  setGitConfig(top: string, key: string, value: string): void;
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
