import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { Config } from '../model/config.js';
import { messages } from '../messages/relevance.js';
import { DEFAULT_RELEVANCE_PARAMS, relevanceParams, type RelevanceParams } from '../relevance/params.js';
import { EMPTY_STATE, parseRelevanceState, serializeRelevanceState } from '../relevance/state.js';
import type { RelevanceState } from '../relevance/types.js';
import { readTextIfExists } from './read-text.js';
import { updateJsonFile } from './json-store.js';
import type { StoreRead, Change } from '../app/port-types.js';
import type { LockOptions } from '../app/port-types.js';

export function relevanceStorePath(root: string, config: Config): string {
  return join(root, config.relevance.path);
}

/** The parameters this project runs with: defaults plus the config's `relevance.weight`. */
export function projectRelevanceParams(config: Config): RelevanceParams {
  return config.relevance.weight === undefined ? DEFAULT_RELEVANCE_PARAMS : relevanceParams({ rankWeight: config.relevance.weight });
}

/** For readers (injection, `relevance show`): no lock, a missing or corrupt file reads as empty. */
export function readRelevance(path: string, params: RelevanceParams = DEFAULT_RELEVANCE_PARAMS): StoreRead {
  const text = readTextIfExists(path);
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
  path: string,
  change: (state: RelevanceState) => Change<R>,
  options: LockOptions & { readonly params?: RelevanceParams } = {},
): R {
  const params = options.params ?? DEFAULT_RELEVANCE_PARAMS;
  let result: R | undefined;
  updateJsonFile<RelevanceState>(
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
