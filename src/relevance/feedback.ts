/**
 * Explicit feedback (`memdex feedback <id> ...`): one rating event at the
 * feedback weight. `--tag t=score` records exactly that rating, positive or
 * negative; `--not-applicable` rates every environment tag not named by a
 * `--tag` at `notApplicableRating`.
 */
import type { RelevanceParams } from './params.js';
import { applyEvent, type EventOutcome } from './scoring.js';
import type { IsoTime, RelevanceState } from './types.js';
import { uniqueTags, validateRatings } from './validate.js';
import { messages } from '../messages/relevance.js';

export interface FeedbackRequest {
  /** Raw `--tag` values, `tag=score`. */
  readonly tagFlags: readonly string[];
  readonly notApplicable: boolean;
  /** The environment, rated when `notApplicable` is set. */
  readonly environmentTags: readonly string[];
}

export type FeedbackRatings =
  | { readonly ok: true; readonly ratings: ReadonlyMap<string, number> }
  | { readonly ok: false; readonly problems: readonly string[] };

export function feedbackRatings(request: FeedbackRequest, p: RelevanceParams): FeedbackRatings {
  const problems: string[] = [];
  const explicit: Record<string, unknown> = {};
  for (const flag of request.tagFlags) {
    const at = flag.lastIndexOf('=');
    const tag = at > 0 ? flag.slice(0, at) : '';
    const text = at > 0 ? flag.slice(at + 1).trim() : '';
    if (tag.trim() === '' || text === '') {
      problems.push(messages.badTagFlag(flag));
      continue;
    }
    if (Object.hasOwn(explicit, tag)) {
      problems.push(messages.duplicateTag(flag, tag));
      continue;
    }
    // Number('') is 0 and Number('0x1') is 1: only plain decimals are numbers; the rest fails validation.
    explicit[tag] = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
  }
  if (problems.length > 0) return { ok: false, problems };
  const checked = validateRatings(explicit);
  if (!checked.ok) return checked;
  const ratings = new Map(checked.ratings);
  if (request.notApplicable) {
    for (const tag of uniqueTags(request.environmentTags)) if (!ratings.has(tag)) ratings.set(tag, p.notApplicableRating);
  }
  if (ratings.size === 0) {
    return { ok: false, problems: [request.notApplicable ? messages.noEnvironmentTags : messages.nothingToRecord] };
  }
  return { ok: true, ratings };
}

export interface FeedbackResult {
  readonly state: RelevanceState;
  readonly outcome: EventOutcome;
}

export function applyFeedback(
  state: RelevanceState,
  id: string,
  ratings: ReadonlyMap<string, number>,
  at: IsoTime,
  reason: string | undefined,
  p: RelevanceParams,
): FeedbackResult {
  const outcome = applyEvent(state.items[id], { ratings, source: 'feedback', at, ...(reason !== undefined ? { reason } : {}) }, p);
  return { state: { ...state, items: { ...state.items, [id]: outcome.item } }, outcome };
}
