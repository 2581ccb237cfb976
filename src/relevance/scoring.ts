/**
 * Tag-relevance scoring: how relevant is item X (a playbook key point, by its
 * stable id) in an environment described by tags (`typescript`, `react`, ...)?
 *
 * RATINGS. An evaluation event rates one item for some tags, each rating r in
 * [-1, 1] (-1 harmful here, 0 neutral, +1 essential here), with a weight w:
 * 1 for the evaluator run after a session, 2 for explicit `memdex feedback`.
 * Input outside [-1, 1], NaN or ±Infinity is rejected before it gets here
 * (validate.ts).
 *
 * THE MOVING AVERAGE. Each (item, tag) row keeps one score s, starting at 0:
 *
 *     s' = clamp( (1 - α)·s + α·w·r ,  -maxScore, maxScore )      α = 0.3
 *
 * The weight multiplies only the new contribution. Recent events count more and
 * old ones fade: after n more events an old rating keeps (1 - α)^n of its
 * influence, 0.7^2 ≈ 0.49, so it halves in about two events. At a constant
 * rating the score walks monotonically towards the fixed point w·r:
 *
 *     s_n = w·r·(1 - 0.7^n)        r = 1, w = 1:  0.3, 0.51, 0.657, 0.760, 0.832, ...
 *
 * so real scores stay inside [-2, 2] and the ±3 clamp only matters if the
 * parameters change. A rating of exactly 0 is neutral: it still decays the
 * score by ×0.7 and counts as evidence, but moves neither the positive nor the
 * negative counter.
 *
 * EVIDENCE IS EVENTS, NOT ROWS. One evaluation over five tags is one piece of
 * evidence, not five (the predecessor summed counters over rows, so two
 * feedback calls in a five-tag environment reached its "5 evaluations" and
 * pinned, issue #26). The item counts events, and a single event raises that
 * count by exactly one; that count is the evidence for any set of tags of
 * which at least one was ever rated (average.ts). Each row also counts the
 * events that rated its tag, for `memdex relevance show`.
 *
 * ONE AVERAGE. Everywhere (ranking, filter, pin decisions) the relevance of an
 * item for tags T is the mean score over the de-duplicated T, a tag without a
 * row counting 0 (average.ts). The predecessor divided by the rows it found, so
 * one known tag among three read as three times its weight (issue #27).
 *
 * PINNING (pin.ts). After each event, for the event's tags: pin above 0.6,
 * unpin below 0.2, only with at least 5 events, nothing in between
 * (hysteresis: a score wobbling around one threshold does not flap). Only
 * automatic pins are automatically removed; a person's pin or unpin stands.
 *
 * RANKING (rank.ts). final = base + clamp(avg / maxScore, -1, 1)·rankWeight,
 * and an item with at least 3 events and an average below -0.1 is filtered out.
 */
import type { RelevanceParams } from './params.js';
import { decidePin, type PinDecision } from './pin.js';
import { denseAverage } from './average.js';
import { NEW_ITEM, type EventSource, type IsoTime, type ItemRelevance, type Reason, type TagScore } from './types.js';

/** One validated rating event for one item. */
export interface RatingEvent {
  /** Normalised tag → rating in [-1, 1] (validate.ts). May be empty: "seen, no opinion". */
  readonly ratings: ReadonlyMap<string, number>;
  readonly source: EventSource;
  readonly at: IsoTime;
  readonly reason?: string;
}

export interface EventOutcome {
  readonly item: ItemRelevance;
  readonly pin: PinDecision;
}

/** A reason is a sentence for `relevance show`, not a transcript: longer ones are cut. */
export const MAX_REASON_CHARS = 200;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * One EMA step for one row. Inputs are validated at the boundary; a bad value
 * here is a programmer error and throws rather than poisoning the store.
 */
export function emaStep(prev: TagScore | undefined, rating: number, weight: number, at: IsoTime, p: RelevanceParams): TagScore {
  if (!Number.isFinite(rating) || rating < -1 || rating > 1) throw new RangeError(`rating must be a finite number in [-1, 1], got ${rating}`);
  if (!Number.isFinite(weight) || weight <= 0) throw new RangeError(`weight must be a finite number > 0, got ${weight}`);
  const old = prev?.score ?? 0;
  return {
    score: clamp((1 - p.alpha) * old + p.alpha * weight * rating, -p.maxScore, p.maxScore),
    positive: (prev?.positive ?? 0) + (rating > 0 ? 1 : 0),
    negative: (prev?.negative ?? 0) + (rating < 0 ? 1 : 0),
    events: (prev?.events ?? 0) + 1,
    lastEvaluated: at,
  };
}

export function weightOf(source: EventSource, p: RelevanceParams): number {
  return source === 'feedback' ? p.feedbackWeight : p.evaluatorWeight;
}

/**
 * Applies one event to one item: every rated tag moves, the item gains exactly
 * one event, and the pin rule runs over the event's tags.
 */
export function applyEvent(item: ItemRelevance | undefined, event: RatingEvent, p: RelevanceParams): EventOutcome {
  const base = item ?? NEW_ITEM;
  const weight = weightOf(event.source, p);
  const tags: Record<string, TagScore> = { ...base.tags };
  for (const [tag, rating] of event.ratings) tags[tag] = emaStep(base.tags[tag], rating, weight, event.at, p);
  const reason = event.reason?.replace(/\s+/g, ' ').trim() ?? '';
  const reasons: readonly Reason[] =
    reason !== '' ? [{ at: event.at, source: event.source, text: clip(reason, MAX_REASON_CHARS) }, ...base.reasons].slice(0, p.keepReasons) : base.reasons;
  const next: ItemRelevance = { ...base, events: base.events + 1, lastEventAt: event.at, tags, reasons };
  const { avg, evidence } = denseAverage(next, [...event.ratings.keys()]);
  const pin = decidePin(next.pin, avg, evidence, p);
  if (pin.action === 'keep') return { item: next, pin };
  return { item: { ...next, pin: { pinned: pin.action === 'pin', mode: 'auto' } }, pin };
}
