/**
 * The second stage of `memdex when|how|resolve`, bundled alone as CommonJS
 * (dist/recall-fuzzy.cjs): what the exact stage (recall-exact.ts) handed over when
 * no exact phrase decided, answered from the same table with the fuzzy engine.
 * Nothing is read again: the request, the stamps, the table and the decision files
 * read so far come in the handover. Returns the exit code when it answered;
 * otherwise the handover for the full CLI (resolve-command.ts): the request and
 * the stamps, for the model.
 */
import type { Handover } from './registry.js';
import { answerFromRead, type OpenTable } from './answer-from-read.js';
import type { RecallHandoff } from './resolve-request.js';
import { settleForShortRun } from '../node/short-run.js';
import { openRecallTable } from '../resolve/recall-lookup.js';
import { writeResults } from './write-results.js';

export function tryRecall(recall: RecallHandoff): number | Handover {
  const { command, stamps, request } = recall;
  if (stamps === null) return { recall }; // no table to answer from: the model's
  let answer: ReturnType<typeof answerFromRead>;
  try {
    answer = answerFromRead(request, openWithFuzzy, recall);
  } catch {
    return { recall: { command, request, stamps: null } }; // the full resolver meets the same error and reports it
  }
  if ('results' in answer) return writeResults(answer.results, request);
  return { recall: { command, request, stamps: answer.stamps } };
}

/** The table with the fuzzy engine; a one-query process caps V8's tiers before its first fuzzy match (node/short-run.ts). */
export const openWithFuzzy: OpenTable = (text, request) => openRecallTable(text, undefined, request.queries.length === 1 ? settleForShortRun : undefined);
