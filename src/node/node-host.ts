import type { Host } from '../app/host.js';
import { nodeAgentCore } from './agent-host-core.js';
import { readRecords } from './read-records.js';
import { completeLinesEnd, copyLines } from './transcript-bytes.js';
import { readTranscriptPartFile } from './transcript-file.js';
import { nodeTreeHost } from './tree-host.js';

/**
 * The whole host on this machine: the tree half plus what the hooks and the learner
 * use (agent-host-core.ts: temp folders, session marks, the hook log; here the
 * transcripts' bytes and records).
 */
export function nodeHost(handover: { readonly stdin?: string } = {}): Host {
  return {
    ...nodeTreeHost(handover),
    ...nodeAgentCore(),
    completeLinesEnd,
    copyLines,
    readRecords,
    readTranscriptPart: (path, range, onEvent) => readTranscriptPartFile(path, range, {}, onEvent),
  };
}
