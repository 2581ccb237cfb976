/**
 * A session's first prompt's pointers (suggest.onPrompt on), one bundle
 * (dist/hook-prompt-pointers.cjs, scripts/bundles.mjs): the use case
 * (app/prompt-pointers.ts, which inject-playbook.ts imports only then) and what it
 * reads on this machine (node/pointer-host.ts: the cached ranker index, the usage
 * log's index, the transcript's records; first-prompt-host.ts takes them from here).
 * So a first prompt whose tree's index is cached compiles neither the model nor the
 * rest of the host (dist/hook-host.cjs); bench/RESULTS.md, branch `pointers`.
 */
export { promptPointers, recordSuggested } from '../app/prompt-pointers.js';
export { nodePointerReads } from '../node/pointer-host.js';
