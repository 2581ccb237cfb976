/**
 * The transcript reader's pure core: Claude Code JSONL records → typed events in
 * conversation order. Where each idea is explained: the event model and what
 * every record kind means, events.ts; which records make up the conversation and
 * in what order (the parentUuid chain, retries' branches, compaction, split
 * responses) and the memory bound, conversation.ts; the two passes, incremental
 * reading and what is skipped, read.ts; a part in file order (what the learner
 * reviews), part.ts, and its one rendering for a model, excerpt.ts; bounded lines,
 * string-cutter.ts. File I/O: src/node/transcript-file.ts.
 */
export type { EventKind, EventOf, EventOrigin, ToolCall, TranscriptEvent, TypedCommand } from './events.js';
export { parseTypedCommand, toolCall } from './decode.js';
export { encodeProjectDir, MAX_PROJECT_DIR_LENGTH } from './locate.js';
export { BOOKKEEPING_TYPES, bytesSource, MAX_REPORTED_PROBLEMS, readTranscript, readTranscriptText } from './read.js';
export type { LineProblem, ReadOptions, TranscriptSource, TranscriptSummary } from './read.js';
export { readTranscriptPart, type PartOptions, type PartRange, type PartSummary } from './part.js';
export { DEFAULT_EXCERPT_CHARS, DEFAULT_EXCERPT_LIMITS, TranscriptExcerpt, transcriptExcerpt, type ExcerptLimits } from './excerpt.js';
