/** The topic ranker (algorithm: rank.ts; constants: params.ts). */
export { buildSuggestIndex } from './build-index.js';
/** How a suggestion names its entry: the one label (model/entry-line.ts). */
export { entryLabel } from '../model/entry-line.js';
export { normalisedScores, passages, rank, scoreEntries, type Scored, type Suggestion } from './rank.js';
export { DEFAULT_SUGGEST_PARAMS, type SuggestParams } from './params.js';
export { FIELDS, type FieldName, type RankerIndex, type SuggestIndex, type SuggestIndexData } from './index-data.js';
export { analyze } from './analyze.js';
/** The usage log (suggest.md): lines a planning tool may write, and the index rank() takes as `usage`. */
export { buildUsageIndex, type UsageIndexData } from './usage-prior.js';
export { formatUsageLine, parseUsageLog, type UsageLine } from './usage.js';
