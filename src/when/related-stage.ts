/**
 * Stage 3 of a miss (stages.ts), bundled alone as CommonJS (dist/when-related.cjs):
 * the table stages answered every query, some of them a miss, and a miss adds the
 * entries the topic ranker relates to its words (app/when-related.ts). Those come
 * from the ranker's cached index alone, so this stage carries the ranker and the
 * cache reader but neither the model, its parsers nor the resolver that
 * dist/when-model.cjs holds for `.Section` and `..file.md`.
 * When the index is not cached (a missing or torn payload) or cannot be read, the
 * model stage does it all (it builds the index, and words any error).
 *
 * Measured (bench/RESULTS.md, 2026-11-27, load 10–12): requiring the bundle alone
 * 15.7 → 7.1 ms CPU; a whole miss 7.4 % less CPU and 8.3 % less wall than through
 * the model stage (bench/mechanisms.mjs, 'miss through the model stage').
 */
import { cachedRelatedEntries, type RelatedEntries } from '../app/when-related.js';
import { nodeRelatedHost } from '../node/related-host.js';
import type { Handover } from './stages.js';
import { writeResults } from './write-results.js';

export async function tryRelated(command: string, argv: readonly string[], handover: Handover): Promise<number> {
  const when = handover.when;
  if (when?.command === command && when.answered !== undefined && when.stamps) {
    const host = nodeRelatedHost();
    let related: RelatedEntries | undefined;
    try {
      related = cachedRelatedEntries(host, when.request, when.stamps, when.answered);
    } catch {
      // the model stage meets the same error and reports it
    }
    if (related !== undefined) return writeResults(host, when.answered, when.request, related);
  }
  // Loaded only now, from its own bundle (scripts/bundles.mjs): the model stage.
  const { tryModel } = await import('./model-stage.js');
  return tryModel(command, argv, handover);
}
