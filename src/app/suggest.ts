/**
 * `memdex suggest`: the index entries a text is about, best first (the topic ranker,
 * src/suggest/). Reads the ranker's index through the host (model cache), ranks,
 * returns values; the CLI prints.
 */
import { loadConfig } from './load-config.js';
import { UsageError } from '../core/errors.js';
import { suggestMessages as m } from '../messages/suggest.js';
import { DEFAULT_SUGGEST_PARAMS } from '../suggest/params.js';
import { rank, type Suggestion } from '../suggest/rank.js';
import type { TreeHost } from './host.js';
import type { ModelCacheHost } from './model-cache.js';
import { loadSuggestIndex } from './suggest-index.js';
import { projectContext } from './project-context.js';
import type { JournalHost } from './journal.js';

export interface SuggestRequest {
  readonly text: string;
  readonly limit: number;
  readonly root?: string;
}

export interface SuggestOutcome {
  readonly suggestions: readonly Suggestion[];
  readonly threshold: number;
}

export async function suggest(host: Pick<TreeHost, 'resolveRoot' | 'readTextIfExists' | 'joinPath'> & JournalHost & ModelCacheHost, request: SuggestRequest): Promise<SuggestOutcome> {
  if (!Number.isInteger(request.limit) || request.limit < 1) throw new UsageError(m.badLimit(String(request.limit)));
  if (request.text.trim() === '') throw new UsageError(m.noText);
  const { root, config } = projectContext(host, request.root);
  const data = await loadSuggestIndex(host, root, config);
  if (!data) throw new UsageError(m.noIndex(config.index));
  const params = DEFAULT_SUGGEST_PARAMS;
  return { suggestions: rank(data, request.text, params, { limit: request.limit }), threshold: params.threshold };
}
