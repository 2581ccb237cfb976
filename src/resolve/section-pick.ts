/**
 * What section mode decides when no heading has the query's key (resolve.ts
 * resolveSection): the fuzzy engine over the headings' texts, a typo tolerated as in
 * trigger mode. Shared by the resolver on the model and the section table
 * (section-lines.ts), so the two answer alike by construction; headings are whatever
 * the caller's matcher holds (the model's, or the table's row numbers).
 *
 * 1. The clearly best heading: score ≥ accept, ahead of the next by margin.
 * 2. Else, above accept, the near-ties (within twice the margin) as choices.
 * 3. Else the nearest headings as written (a dot only where the heading has one), each text once.
 */
import type { Matcher } from '../fuzzy/matcher.js';
import type { ResolveParams } from './params.js';
import { FUZZY_PHRASES } from './trigger-pick.js';

export type SectionPick<T> =
  | { readonly kind: 'found'; readonly heading: T }
  | { readonly kind: 'ambiguous'; readonly headings: readonly T[] }
  | { readonly kind: 'not-found'; readonly suggestions: readonly string[] };

/** What the fuzzy engine matches of a heading (H2 and deeper): its text, a structural heading's without its dot. */
export function sectionMatchText(text: string): string {
  return text.replace(/^\./, '');
}

/** `textOf`: a heading's text as written. */
export function pickSection<T>(matcher: Matcher<T>, params: ResolveParams, text: string, textOf: (heading: T) => string): SectionPick<T> {
  const best = new Map<T, number>();
  for (const r of matcher.rank(text, FUZZY_PHRASES)) if (!best.has(r.item)) best.set(r.item, r.score);
  const ranked = [...best];
  const [top, second] = ranked;
  if (top && top[1] >= params.accept && (!second || top[1] - second[1] >= params.margin)) return { kind: 'found', heading: top[0] };
  if (top && top[1] >= params.accept) {
    return { kind: 'ambiguous', headings: ranked.filter(([, s]) => top[1] - s < 2 * params.margin).slice(0, params.suggestions).map(([h]) => h) };
  }
  return { kind: 'not-found', suggestions: [...new Set(ranked.map(([h]) => textOf(h)))].slice(0, params.suggestions) };
}
