/**
 * What trigger mode decides (resolve.ts), before a target becomes a section: shared
 * by the resolver on the model and the trigger table (trigger-lookup.ts), so the two
 * answer alike by construction. Targets are numbers; `lineOf` gives a target's
 * ready-to-run line for choices and suggestions.
 *
 * 1. Exact: the folded trigger (model/keys.ts) looked up, else the trigger before a
 *    pasted ` — ` note; exact-hits.ts narrows the hits by the query's operator. One
 *    target is the answer, several are the choices.
 * 2. Fuzzy (only when nothing is exact): best score per target, the operator's bonus
 *    added; the clearly best target, else the near-ties, else the closest targets.
 */
import type { Matcher } from '../fuzzy/matcher.js';
import { foldKey, type Operator } from '../model/keys.js';
import { exactHits } from './exact-hits.js';
import type { ResolveParams } from './params.js';

export type TriggerPick =
  | { readonly kind: 'found'; readonly target: number }
  | { readonly kind: 'ambiguous'; readonly choices: readonly string[] }
  | { readonly kind: 'not-found'; readonly suggestions: readonly string[] };

type Candidate = { readonly target: number; readonly operator?: Operator | undefined | null };

export interface TriggerQuery {
  readonly text: string;
  /** The trigger before a pasted note, when the query had one. */
  readonly noteless?: string | undefined;
  readonly operator: Operator | undefined;
  /** The operator was written in the query (`/how x`): it is part of the key. */
  readonly explicit: boolean;
}

export interface TriggerSource {
  /** [target, operator] of the candidates whose folded phrase is `key` (none: undefined or empty). */
  exact(key: string): readonly (readonly [number, Operator | null | undefined])[] | undefined;
  /** The fuzzy matcher over the candidates, built only when asked. */
  matcher(): Matcher<Candidate>;
  lineOf(target: number): string;
}

/** How many best-scoring phrases the fuzzy stage weighs (a target has a few: its trigger, extras, heading). */
export const FUZZY_PHRASES = 64;

export function pickTrigger(source: TriggerSource, params: ResolveParams, query: TriggerQuery): TriggerPick {
  return pickExact(source, query) ?? pickFuzzy(source.matcher(), params, fuzzyText(query), query.operator, (t) => source.lineOf(t));
}

/** What the exact stage decides alone (one target, or the choices of several); undefined: the fuzzy stage decides. */
export function pickExact(source: Pick<TriggerSource, 'exact' | 'lineOf'>, query: TriggerQuery): TriggerPick | undefined {
  const hits = exactTargets(source, query);
  if (hits.length === 1) return { kind: 'found', target: hits[0]! };
  if (hits.length > 1) return { kind: 'ambiguous', choices: hits.map((t) => source.lineOf(t)) };
  return undefined;
}

/** The exact stage: the targets of the folded trigger, else of the trigger before a pasted note. */
export function exactTargets(source: Pick<TriggerSource, 'exact'>, query: TriggerQuery): number[] {
  const exactOf = (text: string) => {
    const key = foldKey(text);
    return exactHits(key === '' ? [] : (source.exact(key) ?? []), query.operator, query.explicit);
  };
  const hits = exactOf(query.text);
  return hits.length === 0 && query.noteless !== undefined ? exactOf(query.noteless) : hits;
}

/** What the fuzzy stage matches: the trigger without a pasted note. */
export function fuzzyText(query: TriggerQuery): string {
  return query.noteless ?? query.text;
}

/** The fuzzy branch: the clearly best target, the near-ties, or the closest targets. */
function pickFuzzy(matcher: Matcher<Candidate>, params: ResolveParams, text: string, operator: Operator | undefined, lineOf: (target: number) => string): TriggerPick {
  const best = new Map<number, number>();
  for (const r of matcher.rank(text, FUZZY_PHRASES)) {
    const score = r.score + (operator && r.item.operator === operator ? params.operatorBonus : 0);
    if (score > (best.get(r.item.target) ?? -1)) best.set(r.item.target, score);
  }
  const ranked = [...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const [top, second] = ranked;
  if (top && top[1] >= params.accept && (!second || top[1] - second[1] >= params.margin)) return { kind: 'found', target: top[0] };
  const lines = (list: typeof ranked) => list.slice(0, params.suggestions).map(([t]) => lineOf(t));
  if (top && top[1] >= params.accept) return { kind: 'ambiguous', choices: lines(ranked.filter(([, s]) => top[1] - s < 2 * params.margin)) };
  return { kind: 'not-found', suggestions: lines(ranked) };
}
