/**
 * `memdex when|how|resolve <query>...`: a FAST command (one process per hook call).
 * The request and the table stages are resolve-request.ts's; this is the last
 * stage, in the ES module CLI: the full resolver on the model, and the entries
 * related to a miss. bin/memdex.cjs runs the table stages first (recall-exact.ts,
 * recall-fast.ts) and hands over what they did.
 */
import { printHelp } from './run-command.js';
import type { Handover } from './registry.js';
import type { Operator } from '../model/keys.js';
import type { Stamps } from '../node/cache-files.js';
import { readStdin } from '../node/read-stdin.js';
import { workingTreeSource } from '../node/working-tree.js';
import { openWithFuzzy } from './recall-fast.js';
import { answerFromTable, prepareResolve, specOf, type ResolveRequest } from './resolve-request.js';
import { writeResults } from './write-results.js';

export async function runResolve(command: string, operator: Operator | undefined, argv: readonly string[], handover: Handover = {}): Promise<number> {
  const recall = handover.recall?.command === command ? handover.recall : undefined;
  let request: ResolveRequest;
  let stamps: Stamps | null;
  if (recall) {
    request = { ...recall.request, source: workingTreeSource(recall.request.root) };
    stamps = recall.stamps;
  } else {
    const prepared = prepareResolve(command, operator, argv, handover.stdin !== undefined ? () => handover.stdin! : readStdin);
    if (prepared === 'help') return printHelp(specOf(command));
    request = prepared;
    const answer = answerFromTable(request, openWithFuzzy);
    if ('results' in answer) return writeResults(answer.results, request);
    stamps = answer.stamps;
  }
  // The model, the fuzzy engine and the full resolver load only when the table cannot answer.
  const { fromModel, relatedEntries } = await import('./resolve-model.js');
  const results = await fromModel(request, stamps);
  return writeResults(results, request, await relatedEntries(request, results));
}
