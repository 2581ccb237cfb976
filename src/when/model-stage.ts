/**
 * Stage 3 of `memdex when|how|resolve` (stages.ts): the full resolver on the model,
 * and the entries related to a miss. bin/memdex.cjs runs the table stages first and
 * hands over what they did to this stage's CommonJS bundle (dist/when-model.cjs,
 * tryModel); run alone (the full CLI, dist/cli.cjs, called directly, or --help), it does their
 * work too.
 */
import { printHelp } from '../cli/run-command.js';
import { reportFailure } from '../cli/report-failure.js';
import { answerFromTable, type WhenRequest } from '../app/when.js';
import type { Stamps } from '../app/port-types.js';
import type { ResolveResult } from '../resolve/resolve.js';
import { nodeWhenHost } from '../node/when-host.js';
import { openSectionsWithFuzzy, openWithFuzzy } from './fuzzy-stage.js';
import { prepareResolve, specOf } from './request.js';
import type { Handover } from './stages.js';
import { writeResults } from './write-results.js';

export async function runResolve(command: string, argv: readonly string[], handover: Handover = {}): Promise<number> {
  const when = handover.when?.command === command ? handover.when : undefined;
  const host = nodeWhenHost(handover);
  let request: WhenRequest;
  let stamps: Stamps | null;
  let answered: readonly ResolveResult[] | undefined;
  let model: string | undefined;
  if (when) {
    request = when.request;
    stamps = when.stamps;
    answered = when.answered;
    model = when.model;
  } else {
    const prepared = prepareResolve(host, command, argv);
    if (prepared === 'help') return printHelp(specOf(command));
    request = prepared;
    const answer = answerFromTable(host, request, openWithFuzzy, openSectionsWithFuzzy);
    if ('results' in answer) return writeResults(host, answer.results, request);
    stamps = answer.stamps;
    answered = answer.answered;
    model = answer.model;
  }
  // The model, the fuzzy engine and the full resolver load only when the table cannot answer.
  const [{ fromModel }, { relatedEntries }, { nodeResolverHost }] = await Promise.all([import('../app/when-model.js'), import('../app/when-related.js'), import('../node/resolver-host.js')]);
  const resolver = nodeResolverHost(handover);
  // Misses the table answered need only their related entries: the model is not loaded for them.
  if (answered) return writeResults(host, answered, request, await relatedEntries(resolver, request, answered));
  // A miss's related entries come from the project just built or restored, not from the model read back.
  const { results, project } = await fromModel(resolver, request, stamps, model);
  return writeResults(host, results, request, await relatedEntries(resolver, request, results, project));
}

/** The stage from its own bundle (bin/memdex.cjs, after the table stages handed over): failures worded as the CLI words them. */
export async function tryModel(command: string, argv: readonly string[], handover: Handover): Promise<number> {
  try {
    return await runResolve(command, argv, handover);
  } catch (error) {
    return reportFailure(error);
  }
}
