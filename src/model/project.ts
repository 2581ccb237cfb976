import type { Config } from './config.js';
import type { MemoryIndex } from './memory-index.js';
import type { DecisionFile, DecisionHeading } from './decision-file.js';
import type { PlaybookDoc } from './playbook-doc.js';
import type { CompiledIgnores } from './ignores.js';

/**
 * The one model of a memory tree, built once from text and shared read-only by
 * every rule, the resolver, the migration and compress-key.
 */
export interface Project {
  readonly config: Config;
  /** Exact input texts by root-relative path: edits are offsets into these. */
  readonly files: ReadonlyMap<string, string>;
  /** Undefined when the index file does not exist. */
  readonly index: MemoryIndex | undefined;
  /** Sorted by path. */
  readonly decisions: readonly DecisionFile[];
  /** Semantic and structural headings by key (keys.ts), in path/line order. */
  readonly headingsByKey: ReadonlyMap<string, readonly DecisionHeading[]>;
  /** Undefined when the playbook file does not exist. */
  readonly playbook: PlaybookDoc | undefined;
  /** config `ignores` compiled (model/ignores.ts); undefined when the config has none. */
  readonly ignores?: CompiledIgnores;
  /**
   * The project's CLAUDE.md files (`CLAUDE.md`, `.claude/CLAUDE.md`), those that exist,
   * when the loader read them (`memdex check` does; the resolver's cached model does not):
   * what the client loads into every session (rule index/in-context).
   */
  readonly contextFiles?: readonly ContextFile[];
}

export interface ContextFile {
  readonly path: string;
  readonly text: string;
}

/** Where Claude Code reads a project's instructions from, root-relative (claude-code-behaviour.md). */
export const CONTEXT_FILES = ['CLAUDE.md', '.claude/CLAUDE.md'] as const;
