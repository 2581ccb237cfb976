/**
 * The machine-readable reports of `memdex check` (json, sarif, junit, github), loaded
 * only when one is asked for: the default check (a stylish report, pre-commit) never
 * compiles them (their own file in dist/, check-formats.cjs: scripts/bundles.mjs).
 */
export { formatGithub, githubSummary } from './github.js';
export { formatJson, formatJsonError } from './json.js';
export { formatJunit } from './junit.js';
export { formatSarif } from './sarif.js';
