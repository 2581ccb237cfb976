/**
 * Stage 2 of `memdex when|how|resolve` (stages.ts), bundled alone as CommonJS
 * (dist/when-fuzzy.cjs): what the exact stage handed over when no exact phrase,
 * heading key or file name decided, answered from the same tables (the trigger
 * table, the section table at the head of the model) with the fuzzy engine. Nothing is read
 * again: the request, the stamps, the table and the decision files read so far come
 * in the handover. Returns the exit code when it answered; otherwise the handover
 * for the model stage: the request and the stamps.
 */
import type { OpenSections, OpenTable, WhenHandoff } from '../app/when.js';
import { answerFromRead } from '../app/when.js';
import { nodeTableHost } from '../node/table-host.js';
import { openTriggerTable } from '../resolve/trigger-lookup.js';
import { openSectionTableWithFuzzy } from '../resolve/section-lookup.js';
import { settleForShortRun } from './short-run.js';
import type { Handover } from './stages.js';
import { writeResults } from './write-results.js';

export function tryFuzzy(when: WhenHandoff): number | Handover {
  const { command, stamps, request } = when;
  if (stamps === null) return { when }; // no table to answer from: the model's
  const host = nodeTableHost();
  let answer: ReturnType<typeof answerFromRead>;
  try {
    answer = answerFromRead(host, request, openWithFuzzy, when, openSectionsWithFuzzy);
  } catch {
    return { when: { command, request, stamps: null } }; // the full resolver meets the same error and reports it
  }
  if ('results' in answer) return writeResults(host, answer.results, request);
  return { when: { command, request, stamps: answer.stamps, ...(answer.answered ? { answered: answer.answered } : {}), ...(answer.model !== undefined ? { model: answer.model } : {}) } };
}

/** The table with the fuzzy engine; a one-query process caps V8's tiers before its first fuzzy match (short-run.ts). */
export const openWithFuzzy: OpenTable = (text, request) => openTriggerTable(text, undefined, request.queries.length === 1 ? settleForShortRun : undefined);

/** The section table with the fuzzy engine (a `.Section` with a typo); no tier cap (section-lookup.ts: it did not pay). */
export const openSectionsWithFuzzy: OpenSections = (payload) => openSectionTableWithFuzzy(payload);
