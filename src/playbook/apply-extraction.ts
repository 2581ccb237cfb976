/**
 * Applies one session's ExtractionResult to a playbook (REQ-SCORE-002, -007), in
 * the seed's order: add the new key points, count the ratings, then prune.
 * Pure: returns a new playbook and what happened; the input is not changed.
 * Writers call it on the latest file, under the lock (src/app/playbook-file.ts),
 * so concurrent sessions never lose each other's updates.
 */
import { foldKey } from '../model/keys.js';
import { keyPointName } from './schema.js';
import type { Evaluation, ExtractionResult, KeyPoint, KeyPointSource, PendingReview, Playbook } from './types.js';

/** Pruning floor: fewer harmful ratings than this never prune (a 0/0 entry is always kept). */
export const PRUNE_MIN_HARMFUL = 3;

/** REQ-SCORE-007: pruned iff harmful >= 3 AND harmful > helpful. */
export function shouldPrune(kp: Pick<KeyPoint, 'helpful' | 'harmful'>): boolean {
  return kp.harmful >= PRUNE_MIN_HARMFUL && kp.harmful > kp.helpful;
}

export interface ApplyOutcome {
  readonly playbook: Playbook;
  readonly added: readonly KeyPoint[];
  /** Evaluations that changed a counter. */
  readonly counted: readonly Evaluation[];
  /** Evaluations of names not in the playbook (silently ignored by the seed; reported here). */
  readonly unknownNames: readonly Evaluation[];
  /** Entries removed by the pruning rule, with their final counters (OBS-SCORE-002). */
  readonly pruned: readonly KeyPoint[];
  /** False when the playbook is unchanged: writers then skip the write. */
  readonly changed: boolean;
}

/**
 * How new key points enter: with where they came from, and held for review when `hold`
 * says why (src/playbook/quarantine.ts). Without a policy they enter as they are
 * (the library's callers, and tests of the counting rules).
 */
export interface NewKeyPointPolicy {
  readonly source: KeyPointSource;
  readonly hold: (text: string) => PendingReview | undefined;
}

export function applyExtraction(playbook: Playbook, extraction: ExtractionResult, policy?: NewKeyPointPolicy): ApplyOutcome {
  let counter = playbook.nameCounter;
  // Only an extraction that proposes key points pays for normalising every existing text (inside the writer's lock).
  const known = new Set(extraction.newKeyPoints.length > 0 ? playbook.keyPoints.map((kp) => normalizeText(kp.text)) : []);
  const added: KeyPoint[] = [];
  for (const raw of extraction.newKeyPoints) {
    const text = raw.trim();
    const key = normalizeText(text);
    // Near-duplicates (normalizeText) of an existing text, or of one added in this same batch, are skipped.
    if (key === '' || known.has(key)) continue;
    known.add(key);
    const pending = policy?.hold(text);
    added.push({ name: keyPointName(++counter), text, helpful: 0, harmful: 0, ...(policy ? { source: policy.source } : {}), ...(pending ? { pending } : {}), extra: {} });
  }

  const counts = new Map<string, { helpful: number; harmful: number }>();
  // A pending key point was never shown to an agent: a rating of it is a rating of nothing.
  const names = new Set(playbook.keyPoints.filter((kp) => kp.pending === undefined).map((kp) => kp.name));
  const counted: Evaluation[] = [];
  const unknownNames: Evaluation[] = [];
  for (const evaluation of extraction.evaluations) {
    if (!names.has(evaluation.name)) {
      unknownNames.push(evaluation);
      continue;
    }
    // "neutral" and any other rating change nothing; comparison is exact (case-sensitive).
    if (evaluation.rating !== 'helpful' && evaluation.rating !== 'harmful') continue;
    const delta = counts.get(evaluation.name) ?? { helpful: 0, harmful: 0 };
    delta[evaluation.rating]++;
    counts.set(evaluation.name, delta);
    counted.push(evaluation);
  }

  const updated = [...playbook.keyPoints, ...added].map((kp) => {
    const delta = counts.get(kp.name);
    return delta ? { ...kp, helpful: kp.helpful + delta.helpful, harmful: kp.harmful + delta.harmful } : kp;
  });
  const pruned = updated.filter(shouldPrune);
  const keyPoints = updated.filter((kp) => !shouldPrune(kp));
  return {
    playbook: { ...playbook, nameCounter: counter, keyPoints },
    added,
    counted,
    unknownNames,
    pruned,
    changed: added.length > 0 || counted.length > 0 || pruned.length > 0,
  };
}

/**
 * The form two key point texts are compared in: near-equal texts are one key point.
 * It is the project's one key folding (model/keys.ts, foldKey: NFKC, lower-case,
 * the words joined by one space; punctuation, backticks and spacing ignored). So
 * "Run `npm test` before committing." and "run npm test before committing" are the
 * same lesson, as a model proposing it again in other words would write it; a
 * different word is a different key point (no fuzzy threshold that could merge two
 * real lessons).
 */
export const normalizeText = foldKey;
