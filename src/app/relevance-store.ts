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
import type { Host, TreeHost } from './host.js';
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
