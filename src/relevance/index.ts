/** Tag-relevance scoring: pure functions and types (adapters live in src/node, src/hooks, src/cli). */
export * from './params.js';
export * from './types.js';
export * from './validate.js';
export { applyEvent, clamp, emaStep, weightOf, type EventOutcome, type RatingEvent } from './scoring.js';
export * from './average.js';
export * from './pin.js';
export * from './rank.js';
export * from './queue.js';
export * from './evaluation.js';
export * from './feedback.js';
export * from './manual-pin.js';
export * from './compact.js';
export { parseRelevanceState, serializeRelevanceState, STATE_VERSION, type ParsedState } from './state.js';
export * from './inject.js';
export * from './environment.js';
export * from './paths.js';
export * from './key-points.js';
