/**
 * The data the ports of src/app/host.ts carry: what a use case hands to the machine
 * and gets back. Defined here, by the use cases that need them; src/node/ implements
 * the ports with these types (type-only imports, the only ones it makes of app/).
 */
import type { Config } from '../model/config.js';
import type { Project } from '../model/project.js';
import type { EvaluatorAnswer, EvaluatorInput } from '../relevance/evaluation.js';

export interface Environment {
  readonly tags: readonly string[];
  readonly repo: string;
  readonly issues: readonly string[];
}

export interface CommitHooks {
  /** Called after each rename, for a progress line. */
  readonly progress?: (done: number, total: number) => void;
}

export type Recovery = { readonly outcome: 'rolled-forward' | 'rolled-back'; readonly files: number };

export interface LoadedConfig {
  /** Absolute root of the memory tree. */
  readonly root: string;
  readonly config: Config;
  /** Absolute path of memdex.config.json, when there is one. */
  readonly configPath?: string;
}

/** How long a use case waits for a lock (src/node/lock.ts), and when a lock counts as abandoned. */
export interface LockOptions {
  /** Give up after this long. Hooks keep it short: they fail open. */
  readonly timeoutMs?: number;
  /** A lock older than this is considered abandoned even if its pid looks alive (pid reuse). */
  readonly staleMs?: number;
  /** false: no sweep of the folder for the lock temps of killed writers (WriteOptions.sweep). */
  readonly sweep?: boolean;
}

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the command could not run or was killed at the timeout. */
  readonly error?: string;
  /** Why it did not finish on its own, for callers that react to it. */
  readonly reason?: 'not-found' | 'timeout' | 'killed' | 'other';
  /** The signal that killed it (reason 'killed'). */
  readonly signal?: string;
}

/** Where the texts come from: the working tree, or the git index (`--staged`). */
export interface TreeSource {
  /** Root-relative paths of the decision files. */
  listDecisions(config: Config): string[];
  /** Text of a root-relative path, or undefined if it does not exist. */
  read(path: string): string | undefined;
}

/**
 * Replaces `path` with `data` so that a reader sees the old file or the new one,
 * never a torn mix: write a temp file in the same directory (rename across
 * filesystems is not atomic), fsync it, rename it over the target, fsync the dir.
 * Atomicity is not isolation: read-modify-write callers must also hold a lock
 * (see lock.ts), or concurrent updates are lost.
 *
 * What the replacement keeps of the old file:
 * - a symlink stays a symlink: the write goes to its target (resolved at write time);
 * - the mode (a 0600 file stays 0600; a new file is 0644 minus the umask);
 * - hard links cannot be kept by rename(2): the other names keep the old content,
 *   which is said in one line on stderr.
 *
 * `expected`: the content the caller computed from. The file is read again right
 * before the rename, and nothing is written when it changed meanwhile (an editor or
 * an agent appended a line): a MemdexError (exit 1) says so. This narrows the window
 * in which a concurrent edit can be lost from the whole computation to the few
 * microseconds between that read and the rename; programs that do not take memdex's
 * lock cannot be excluded entirely.
 *
 * Temp files of writers that were killed (`.name.<pid>.<random>.tmp`, pid no longer
 * running) are removed by the next write to the same file.
 */
export interface WriteOptions {
  readonly expected?: string;
  /** What messages call the file (default: `path`). */
  readonly display?: string;
  /**
   * false: no fsync of the file and its folder (the rename stays atomic). For state whose
   * loss in a power cut costs nothing: a session's record before anything of it was
   * evaluated (session-records.ts). Two fsyncs cost a hook 10-20 ms on this machine's ext4.
   */
  readonly durable?: boolean;
  /**
   * false: the folder is not listed for the temps of killed writers (removeStaleTemps). For a folder
   * that grows with the project's history, the session records: a hook touches only its own session, and
   * listing 2,500 records twice per write cost the first prompt ~6 ms of CPU; their folder is swept by the
   * learning run (compact-sessions.ts, host.sweepTemps).
   */
  readonly sweep?: boolean;
}

export interface FileStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Content hash (contentHash) of the file's bytes. */
  readonly hash: string;
}

/** What the cache store keeps beside a tree's stamps, each valid for one tree id (src/node/cache-files.ts). */
export type PayloadKind = 'table' | 'model' | 'suggest';

/** A memory file as a build read it: text, and the size and mtime seen before reading. */
export interface BuiltFile {
  readonly path: string;
  readonly text: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** A validated description of a tree: payloads of the same `tree` id describe it. */
export interface Stamps {
  readonly root: string;
  readonly config: string;
  /** When these stamps were last confirmed (Date.now() before the files were looked at). */
  readonly writtenAt: number;
  /** Content id of the tree: config, paths and content hashes. */
  readonly tree: string;
  readonly files: readonly FileStamp[];
}

export type Evaluator = (input: EvaluatorInput) => Promise<EvaluatorAnswer>;

/** Data derived from the project that a command wants cached with it (e.g. the resolver's phrase index). */
export interface Derived {
  export(project: Project): unknown;
  restore(project: Project, data: unknown): void;
}

/** What a command caches with the model of a tree (src/app/model-cache.ts). */
export interface CacheOptions {
  readonly derived?: Derived;
  /**
   * Whether a build caches the model itself (the snapshot and `derived`; default true). A caller
   * that answers from a side payload alone says false: a cold `memdex when <trigger>` needs the
   * trigger table, and the next call that needs the model (`.Section`, `..file.md`) builds and
   * caches it then (model-cache.ts).
   */
  readonly model?: boolean;
  /** A text payload cached beside the model, for a caller that can answer from it alone (the trigger table). */
  readonly table?: (project: Project) => string;
  /** The same for the topic ranker's index, stored as bytes (src/app/suggest-index.ts). */
  readonly suggest?: (project: Project) => Uint8Array;
  /**
   * Lines cached at the head of the model payload, before the snapshot, for a reader that
   * answers from them without parsing it (the section table, src/resolve/section-table.ts),
   * added by the first call that restores the model (model-cache.ts).
   */
  readonly head?: (project: Project) => string;
  /** The model payload an earlier stage of this process read with `verified` (not read again). */
  readonly payload?: string;
  /**
   * What the caller already validated in this process (the when fast path): the
   * stamps, or null when it found them stale. Undefined: validate here.
   */
  readonly verified?: Stamps | null;
}

/** A part of a transcript rendered for the learner (AgentHost.partExcerpt). */
export interface PartExcerpt {
  /** The rendering (src/transcript/excerpt.ts); '' when the part holds nothing to show or the file cannot be read. */
  readonly text: string;
  /** Where the part's complete lines end: the start of the next part. */
  readonly offset: number;
  /** Entries rendered (before the budget cut). */
  readonly entries: number;
}
