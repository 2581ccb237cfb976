/** The shared fuzzy engine (algorithm: matcher.ts; character level: fzf-v2.ts; constants: params.ts). */
export { closest, createMatcher, type Matcher, type Ranked } from './matcher.js';
export { DEFAULT_FUZZY_PARAMS, type FuzzyParams } from './params.js';
export { fzfScore } from './fzf-v2.js';
export { stem, tokenize, wordSimilarity } from './words.js';
