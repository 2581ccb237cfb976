/** The playbook scoring library: pure functions (time comes in as a parameter), no IO. */
export { applyExtraction, PRUNE_MIN_HARMFUL, shouldPrune, type ApplyOutcome } from './apply-extraction.js';
export { DEFAULT_TEMPLATE } from './default-template.js';
export { emptyPlaybook, loadPlaybook, playbookFromValue, type LoadResult, type Migration, type MigrationSource } from './load-playbook.js';
export { describeProblems } from './locate-problems.js';
export { extractionFromValue, parseExtraction, type ExtractionParse } from './parse-extraction.js';
export { LEARNER_FLAGS, LEARNER_SYSTEM_PROMPT } from './learner-flags.js';
export { formatKeyPoint, formatKeyPoints, hasPlaceholder, KEY_POINTS_PLACEHOLDER, renderPlaybook } from './render-playbook.js';
export { keyPointName, keyPointNumber, PLAYBOOK_SCHEMA, PLAYBOOK_VERSION } from './schema.js';
export { serializePlaybook, toJson } from './serialize-playbook.js';
export { playbookStats, type PlaybookStats } from './stats.js';
export type { Evaluation, ExtractionResult, KeyPoint, Playbook, Problem } from './types.js';
