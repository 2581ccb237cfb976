/**
 * A memory tree kept loaded by a long-running server (`memdex mcp`, `memdex lsp`): the
 * model, the resolver's index and the topic ranker's index stay in memory between
 * requests, and are rebuilt only when the tree changed on disk. What "changed" means
 * is the host's (treeStamp: the config, the index and every decision file by size,
 * mtime and inode, and the folder's listing); a stamp the host cannot trust (a file
 * written within the file system's timestamp granularity) rebuilds every time, so a
 * save is never missed. The per-call commands keep their own caches on disk
 * (node/cache-files.ts); a server, which answers many calls in one process, keeps
 * them in memory: a `when` on a 10,000-entry tree is then a lookup, not a load.
 *
 * Recall here is the CLI's: the same resolver on the same model (resolve/resolve.ts),
 * and for a missed trigger the same related entries (the topic ranker's, as
 * cli/resolve-model.ts gives them).
 */
import { loadConfig } from './load-config.js';
import type { Config } from '../model/config.js';
import type { Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { DEFAULT_RESOLVE_PARAMS } from '../resolve/params.js';
import { resolve, type ResolveResult } from '../resolve/resolve.js';
import { resolverIndex } from '../resolve/targets.js';
import { buildSuggestIndex } from '../suggest/build-index.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import { DEFAULT_SUGGEST_PARAMS } from '../suggest/params.js';
import { rank, type Suggestion } from '../suggest/rank.js';
import { isTriggerMiss, relatedToMisses } from '../suggest/related.js';
import type { TreeHost } from './host.js';
import { loadProject } from './load-project.js';
import { recoverJournal } from './journal.js';

/** The port a live tree needs beyond the tree host. */
export interface LiveTreeHost extends TreeHost {
  /** What the tree on disk is now, cheaply (stats, no reads); undefined when it cannot be trusted to show the next change. */
  treeStamp(root: string, config: Config): string | undefined;
}

interface Loaded {
  readonly stamp: string | undefined;
  readonly config: Config;
  readonly project: Project;
  suggest?: SuggestIndexData;
}

export class LiveTree {
  private loaded: Loaded | undefined;

  constructor(
    private readonly host: LiveTreeHost,
    readonly root: string,
  ) {}

  /** The tree's config and model, rebuilt when the tree changed (an interrupted migration is recovered first, as the CLI does). */
  async current(): Promise<{ readonly config: Config; readonly project: Project }> {
    const previous = this.loaded;
    if (previous && previous.stamp !== undefined && this.host.treeStamp(this.root, previous.config) === previous.stamp) return previous;
    const { config } = loadConfig(this.host, this.root);
    recoverJournal(this.host, this.root);
    const stamp = this.host.treeStamp(this.root, config);
    const project = await loadProject(config, this.host.workingTree(this.root));
    resolverIndex(project, DEFAULT_RESOLVE_PARAMS); // built now, once per version of the tree
    this.loaded = { stamp, config, project };
    return this.loaded;
  }

  /** The topic ranker's index of the current model, built on first use. */
  async suggestIndex(): Promise<SuggestIndexData | undefined> {
    await this.current();
    const loaded = this.loaded!;
    if (!loaded.project.index) return undefined;
    return (loaded.suggest ??= buildSuggestIndex(loaded.project));
  }
}

export interface RecallAnswer {
  readonly config: Config;
  readonly results: readonly ResolveResult[];
  /** Per missed trigger (its query): the entries the topic ranker finds for its words. */
  readonly related: ReadonlyMap<string, readonly Suggestion[]>;
}

/** `memdex when|how|resolve` on a live tree: each query resolved, the related entries of each missed trigger. */
export async function recallFromTree(tree: LiveTree, queries: readonly string[], operator: Operator | undefined): Promise<RecallAnswer> {
  const { config, project } = await tree.current();
  const results = queries.map((query) => resolve(project, query, { ...(operator !== undefined ? { operator } : {}) }));
  const data = results.some(isTriggerMiss) ? await tree.suggestIndex() : undefined;
  return { config, results, related: data ? relatedToMisses(data, results) : new Map() };
}

/** `memdex suggest` on a live tree: the entries a text is about, best first. */
export async function suggestFromTree(tree: LiveTree, text: string, limit: number): Promise<{ readonly suggestions: readonly Suggestion[]; readonly indexPath: string } | undefined> {
  const data = await tree.suggestIndex();
  const { config } = await tree.current();
  if (!data) return undefined;
  return { suggestions: rank(data, text, DEFAULT_SUGGEST_PARAMS, { limit }), indexPath: config.index };
}
