/**
 * Every tuning knob of tag-relevance scoring, as one frozen value. Functions take
 * it as an argument, so a benchmark can sweep a knob by passing another object
 * instead of patching module globals (the predecessor's benchmark had to patch
 * `EMA_ALPHA`). The algorithm these drive is explained in scoring.ts.
 */
export interface RelevanceParams {
  // --- EMA (scoring.ts) ---
  /** Weight of the newest rating in a tag's moving average. */
  readonly alpha: number;
  /** Scores live in [-maxScore, maxScore]; the ranking boost divides by it to get [-1, 1]. */
  readonly maxScore: number;
  /** Weight of one evaluator rating. */
  readonly evaluatorWeight: number;
  /** Weight of one explicit `memdex feedback` rating. */
  readonly feedbackWeight: number;
  /** Rating given to each environment tag by `memdex feedback --not-applicable` without `--tag`. */
  readonly notApplicableRating: number;

  // --- pin / unpin (pin.ts) ---
  /** Auto-pin when the average rises strictly above this... */
  readonly pinAbove: number;
  /** ...and auto-unpin only when it falls strictly below this. The gap is the hysteresis band. */
  readonly unpinBelow: number;
  /** No pin decision on fewer evaluation events than this. */
  readonly minPinEvents: number;

  // --- ranking (rank.ts) ---
  /** How much a full-scale average (±maxScore) moves an item's base score. */
  readonly rankWeight: number;
  /** An item is filtered out with at least this many events... */
  readonly filterMinEvents: number;
  /** ...and an average strictly below this. */
  readonly filterBelow: number;

  // --- evaluation queue (queue.ts) ---
  /** A session is claimed at most this many times; the last failure is terminal. */
  readonly maxAttempts: number;
  /** A claim expires after this long, so a killed evaluator does not hold a session forever. */
  readonly leaseMs: number;
  /** A session never ended by its hook becomes evaluable after this much silence. */
  readonly staleOpenMs: number;
  /** Finished sessions are kept this long (their ids guard against re-application), then compacted. */
  readonly retainSessionsMs: number;

  // --- injection (inject.ts) ---
  /** At most this many key points per injected block... */
  readonly maxItems: number;
  /** ...and at most this many characters; an entry line is never split. */
  readonly maxChars: number;
  /** Per item, the last few feedback/evaluator reasons kept for `relevance show`. */
  readonly keepReasons: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Evaluator ratings are in [-1, 1] at weight 1, feedback at weight 2, so real scores stay in [-2, 2]. */
const MAX_RATING = 1;

export const DEFAULT_RELEVANCE_PARAMS: RelevanceParams = Object.freeze({
  /** 0.3: the newest rating carries 30%; a rating's influence halves after ~2 events (0.7^2 ≈ 0.49). */
  alpha: 0.3,
  /** 3: above the largest real fixed point (rating 1 × feedback weight 2), so the clamp only binds on bad data. */
  maxScore: 3,
  evaluatorWeight: 1,
  /** 2: the agent saying "this does not apply" is stronger evidence than an after-the-fact evaluator guess. */
  feedbackWeight: 2,
  /** Half strength: "not applicable here" says less than "harmful". One call moves a fresh tag to -0.3. */
  notApplicableRating: -MAX_RATING / 2,
  /** 0.6 and 0.2: the seed's thresholds. Constant rating 1 at weight 1 crosses 0.6 at the 5th event (0.832). */
  pinAbove: 0.6,
  unpinBelow: 0.2,
  /** 5 events: one session is an anecdote; five sessions agreeing is a pattern. */
  minPinEvents: 5,
  /**
   * 2: the base score of a key point is its track record in (-1, 1) (inject.ts). An evaluator-only
   * average tops out at 1, which moves the rank by 1/3 · 2 = 2/3, as much as a 2-0 track record;
   * explicit feedback (average up to 2) can outweigh any track record. Relevance here should be
   * able to beat "helpful somewhere".
   */
  rankWeight: 2,
  /** 3 events below -0.1: the seed's filter. Fewer events keep the item visible (exploration). */
  filterMinEvents: 3,
  filterBelow: -0.1,
  /** 3 attempts: the predecessor's `retry_count < 3` rule; a third failure is a pattern, not a hiccup. */
  maxAttempts: 3,
  /** 15 minutes: three times the evaluator timeout (5 minutes, see app/command-evaluator.ts). */
  leaseMs: 15 * MINUTE_MS,
  /** 12 hours: longer than any working session, short enough to evaluate yesterday's crashed session. */
  staleOpenMs: 12 * HOUR_MS,
  /**
   * 14 days: finished sessions are the biggest part of the file (docs/relevance.md); a session
   * resumed after this long is new work, and its items are evaluated again as new evidence.
   */
  retainSessionsMs: 14 * DAY_MS,
  /** 25 entries / 6000 characters: about 1.5k tokens, a small share of the context window. */
  maxItems: 25,
  maxChars: 6000,
  keepReasons: 3,
});

/** Problems such as 'unpinBelow (0.7) must be below pinAbove (0.6)'. Empty means valid. */
export function checkRelevanceParams(p: RelevanceParams): readonly string[] {
  const problems: string[] = [];
  const finite = (name: keyof RelevanceParams, min: number, max = Infinity, minInclusive = true): void => {
    const value = p[name];
    const low = minInclusive ? value >= min : value > min;
    if (!Number.isFinite(value) || !low || value > max) {
      problems.push(`${name} (${value}) must be a finite number ${minInclusive ? '>=' : '>'} ${min}${max < Infinity ? ` and <= ${max}` : ''}`);
    }
  };
  const integer = (name: keyof RelevanceParams, min: number): void => {
    if (!Number.isSafeInteger(p[name]) || p[name] < min) problems.push(`${name} (${p[name]}) must be an integer >= ${min}`);
  };
  finite('alpha', 0, 1, false);
  finite('maxScore', 0, Infinity, false);
  finite('evaluatorWeight', 0, Infinity, false);
  finite('feedbackWeight', 0, Infinity, false);
  finite('notApplicableRating', -MAX_RATING, 0);
  finite('pinAbove', -p.maxScore, p.maxScore);
  finite('unpinBelow', -p.maxScore, p.maxScore);
  if (p.unpinBelow >= p.pinAbove) problems.push(`unpinBelow (${p.unpinBelow}) must be below pinAbove (${p.pinAbove})`);
  integer('minPinEvents', 1);
  finite('rankWeight', 0);
  integer('filterMinEvents', 1);
  finite('filterBelow', -p.maxScore, p.maxScore);
  integer('maxAttempts', 1);
  integer('leaseMs', 1);
  integer('staleOpenMs', 1);
  integer('retainSessionsMs', 1);
  integer('maxItems', 1);
  integer('maxChars', 1);
  integer('keepReasons', 0);
  return problems;
}

/** Defaults with `overrides` applied; a programmer error (invalid combination) throws. */
export function relevanceParams(overrides: Partial<RelevanceParams> = {}): RelevanceParams {
  const params = Object.freeze({ ...DEFAULT_RELEVANCE_PARAMS, ...overrides });
  const problems = checkRelevanceParams(params);
  if (problems.length > 0) throw new RangeError(`invalid relevance parameters: ${problems.join('; ')}`);
  return params;
}
