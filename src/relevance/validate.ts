/**
 * Boundary checks for everything that reaches the scores: tags, item ids and
 * ratings, from the evaluator, the CLI or the file. Bad input is rejected with
 * a message and never stored, never clamped into range: the predecessor stored
 * NaN as +3.0 (its clamp turned NaN into the upper bound) and took `true` as 1.
 */
import { messages } from '../messages/relevance.js';

/** Long enough for `framework:react-native`, short enough to keep rows small. */
export const MAX_TAG_LENGTH = 64;
/** An evaluation rates a session's environment; more tags than this is not an environment. */
export const MAX_TAGS_PER_EVENT = 64;
/** Stable ids: `kpt_001`, `pat-012`, `decision:foo`. */
const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:#/-]{0,127}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

/** Tags compare trimmed, lower-cased and NFC-normalised: `TypeScript ` and `typescript` are one tag. */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').trim().toLowerCase();
}

/** The problem with a tag, or undefined when it is usable (after normalizeTag). */
export function tagProblem(tag: string): string | undefined {
  if (tag === '') return messages.tagEmpty;
  if (tag.length > MAX_TAG_LENGTH) return messages.tagTooLong(tag, MAX_TAG_LENGTH);
  if (CONTROL.test(tag) || /\s/.test(tag)) return messages.tagBadCharacter(tag);
  return undefined;
}

export function itemIdProblem(id: string): string | undefined {
  return ITEM_ID.test(id) ? undefined : messages.badItemId(id);
}

/** Normalised, de-duplicated tags (first occurrence order), dropping unusable ones. */
export function uniqueTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = normalizeTag(raw);
    if (tagProblem(tag) === undefined) seen.add(tag);
  }
  return [...seen];
}

export type RatingsResult =
  | { readonly ok: true; readonly ratings: ReadonlyMap<string, number> }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * `{tag: rating}` from untrusted input. Every rating must be a finite number in
 * [-1, 1]; tags are normalised, and two keys that normalise to the same tag are
 * an error (which one was meant?). Any problem rejects the whole set: a rating
 * event is applied entirely or not at all.
 */
export function validateRatings(input: unknown): RatingsResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: [messages.ratingsNotObject(describeValue(input))] };
  }
  const problems: string[] = [];
  const ratings = new Map<string, number>();
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_TAGS_PER_EVENT) problems.push(messages.tooManyTags(entries.length, MAX_TAGS_PER_EVENT));
  for (const [rawTag, value] of entries) {
    const tag = normalizeTag(rawTag);
    const problem = tagProblem(tag);
    if (problem !== undefined) {
      problems.push(problem);
      continue;
    }
    if (ratings.has(tag)) {
      problems.push(messages.duplicateTag(rawTag, tag));
      continue;
    }
    const valueProblem = ratingProblem(value);
    if (valueProblem !== undefined) problems.push(messages.badRating(tag, valueProblem));
    else ratings.set(tag, value as number);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ratings };
}

/** Why `value` is not a rating in [-1, 1], or undefined when it is one. */
export function ratingProblem(value: unknown): string | undefined {
  if (typeof value !== 'number') return messages.notANumber(describeValue(value));
  if (!Number.isFinite(value)) return messages.notFinite(String(value));
  if (value < -1 || value > 1) return messages.outOfRange(value);
  return undefined;
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
