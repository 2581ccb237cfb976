/**
 * The relevance store (config `relevance.path`): read by the injection and `relevance
 * show` without a lock, updated under its lock by the hooks, `feedback` and the
 * evaluator (json-state.ts). A corrupt file is never overwritten.
 */
import { InputError } from '../core/errors.js';
import type { Config } from '../model/config.js';
import { messages } from '../messages/relevance.js';
import { DEFAULT_RELEVANCE_PARAMS, relevanceParams, type RelevanceParams } from '../relevance/params.js';
import { EMPTY_STATE, parseRelevanceState, serializeRelevanceState } from '../relevance/state.js';
import type { RelevanceState } from '../relevance/types.js';
import type { AgentHost, Host, TreeHost } from './host.js';
import { projectContext, type ProjectContext } from './project-context.js';
import { updateJsonFile, type JsonStateHost } from './json-state.js';
import type { LockOptions } from './port-types.js';

export interface StoreRead {
  readonly state: RelevanceState;
  /** Repaired or dropped values (state.ts). */
  readonly issues: readonly string[];
  /** Set when the file is not usable at all: readers carry on with no scores. */
  readonly corrupt?: string;
}

/**
 * The most of the store the injection reads (the prompt hooks, `playbook show`,
 * `relevance inject`): a hook's cost must not grow with the project's history. The
 * store holds scores only (sessions have their own files, session-records.ts): about
 * 1.5 KB per key point with 8 tags, so 2 MiB is ~1,400 key points, far above a
 * playbook the hooks inject from (25 entries), and parses in ~15 ms. A larger store
 * (an earlier version's, with every session in it: 28 MB was seen) is not parsed:
 * the key points are ranked without scores, a warning says why, and the hook has the
 * store compacted in the background (storeNeedsCompaction).
 */
export const INJECTION_STORE_MAX_BYTES = 2 * 1024 * 1024;

export interface InjectionStoreRead extends StoreRead {
  /** Sessions an earlier version kept in the store, or a store over the cap: the background store worker moves them out. */
  readonly needsCompaction: boolean;
}

/** The injection's read of the store: readRelevance within INJECTION_STORE_MAX_BYTES (above: no scores, a warning). */
export function readRelevanceForInjection(
  host: Pick<TreeHost, 'readTextIfExists'> & Pick<AgentHost, 'fileInfo'>,
  path: string,
  params: RelevanceParams,
  maxBytes = INJECTION_STORE_MAX_BYTES,
): InjectionStoreRead {
  const size = host.fileInfo(path)?.size ?? 0;
  if (size > maxBytes) return { state: EMPTY_STATE, issues: [], corrupt: messages.storeTooLargeToInject(path, size, maxBytes), needsCompaction: true };
  const read = readRelevance(host, path, params);
  return { ...read, needsCompaction: Object.keys(read.state.sessions).length > 0 };
}

export interface Change<R> {
  readonly state: RelevanceState;
  readonly result: R;
}

export function relevanceStorePath(host: Pick<TreeHost, 'joinPath'>, root: string, config: Config): string {
  return host.joinPath(root, config.relevance.path);
}

/** The parameters this project runs with: defaults plus the config's `relevance.weight`. */
export function projectRelevanceParams(config: Config): RelevanceParams {
  return config.relevance.weight === undefined ? DEFAULT_RELEVANCE_PARAMS : relevanceParams({ rankWeight: config.relevance.weight });
}

/** For readers (injection, `relevance show`): no lock, a missing or corrupt file reads as empty. */
export function readRelevance(host: Pick<TreeHost, 'readTextIfExists'>, path: string, params: RelevanceParams = DEFAULT_RELEVANCE_PARAMS): StoreRead {
  const text = host.readTextIfExists(path);
  if (text === undefined) return { state: EMPTY_STATE, issues: [] };
  const parsed = parseRelevanceState(text, params.maxScore);
  if (parsed.kind === 'corrupt') return { state: EMPTY_STATE, issues: [], corrupt: messages.storeCorrupt(path, parsed.problem, false) };
  return { state: parsed.state, issues: parsed.issues };
}

/**
 * For writers: `change` runs on the latest state under the lock and its
 * result is written atomically (skipped when it returns the same state). A
 * corrupt file is never overwritten: that is an InputError naming the file.
 */
export function updateRelevance<R>(
  host: JsonStateHost,
  path: string,
  change: (state: RelevanceState) => Change<R>,
  options: LockOptions & { readonly params?: RelevanceParams } = {},
): R {
  const params = options.params ?? DEFAULT_RELEVANCE_PARAMS;
  let result: R | undefined;
  updateJsonFile<RelevanceState>(
    host,
    path,
    (text) => {
      if (text === undefined) return EMPTY_STATE;
      const parsed = parseRelevanceState(text, params.maxScore);
      if (parsed.kind === 'corrupt') throw new InputError(messages.storeCorrupt(path, parsed.problem));
      return parsed.state;
    },
    (state) => {
      const next = change(state);
      result = next.result;
      return next.state === state ? undefined : next.state;
    },
    serializeRelevanceState,
    options,
  );
  return result as R;
}

/** What every relevance/feedback command needs: the tree, its config, the store and the parameters. */
export interface RelevanceContext extends ProjectContext {
  readonly storePath: string;
  readonly params: RelevanceParams;
}

export function relevanceContext(host: Host, explicitRoot: string | undefined): RelevanceContext {
  const { root, config } = projectContext(host, explicitRoot);
  return { root, config, storePath: relevanceStorePath(host, root, config), params: projectRelevanceParams(config) };
}
