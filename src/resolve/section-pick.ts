/**
 * What section and file mode decide by name (resolve.ts resolveSection, resolveFile):
 * shared by the resolver on the model and the section table (section-lines.ts), so the
 * two answer alike by construction; headings are whatever the caller's matcher holds
 * (the model's, or the table's row numbers), files their names in the model's order.
 *
 * A heading no key names (pickSection), the fuzzy engine over the headings' texts, a typo
 * tolerated as in trigger mode:
 * 1. The clearly best heading: score ≥ accept, ahead of the next by margin.
 * 2. Else, above accept, the near-ties (within twice the margin) as choices.
 * 3. Else the nearest headings as written (a dot only where the heading has one), each text once.
 *
 * A decision file (namedFile, pickFile): the name as written, else in other case, else the
 * clearly closest name without `.md` (as in 1.), else every name, the closest first.
 */
import type { Matcher } from '../fuzzy/matcher.js';
import type { ResolveParams } from './params.js';
import { FUZZY_PHRASES } from './trigger-pick.js';

export type FilePick = { readonly kind: 'found'; readonly file: number } | { readonly kind: 'not-found'; readonly suggestions: readonly string[] };

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

/** The file of this name (`x.md`), else of this name in other case; -1 when none. */
export function namedFile(names: readonly string[], withMd: string): number {
  const exact = names.indexOf(withMd);
  return exact !== -1 ? exact : names.findIndex((n) => n.toLowerCase() === withMd.toLowerCase());
}

/** The names without `.md`, as pickFile's matcher holds them (by position). */
export function fileMatchTexts(names: readonly string[]): string[] {
  return names.map((n) => n.replace(/\.md$/i, ''));
}

/** A name no file has (namedFile -1): the clearly closest file, else every name as `..name`, the closest first. `matcher`: over fileMatchTexts. */
export function pickFile(matcher: Matcher<number>, params: ResolveParams, names: readonly string[], withMd: string): FilePick {
  const text = withMd.replace(/\.md$/i, '');
  const [top, second] = matcher.rank(text, 2);
  if (top && top.score >= params.accept && (!second || top.score - second.score >= params.margin)) return { kind: 'found', file: top.item };
  const ranked = matcher.rank(text, names.length).map((r) => r.item);
  const listed = new Set(ranked);
  const order = [...ranked, ...names.map((_, i) => i).filter((i) => !listed.has(i))];
  return { kind: 'not-found', suggestions: order.map((i) => `..${names[i]}`) };
}
