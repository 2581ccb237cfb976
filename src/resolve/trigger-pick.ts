/**
 * What trigger mode decides (resolve.ts), before a target becomes a section: shared
 * by the resolver on the model and the recall table (recall-lookup.ts), so the two
 * answer alike by construction. Targets are numbers; `lineOf` gives a target's
 * ready-to-run line for choices and suggestions.
 */
import type { Matcher } from '../fuzzy/matcher.js';
import type { Operator } from '../model/keys.js';
import type { ResolveParams } from './params.js';

export type TriggerPick =
  | { readonly kind: 'found'; readonly target: number }
  | { readonly kind: 'ambiguous'; readonly choices: readonly string[] }
  | { readonly kind: 'not-found'; readonly suggestions: readonly string[] };

/** The exact branch: one target, or the query's operator picks one; else the choices. */
export function pickExact(hits: readonly (readonly [target: number, operator: Operator | undefined | null])[], operator: Operator | undefined, lineOf: (target: number) => string): TriggerPick {
  let targets = unique(hits.map(([t]) => t));
  if (targets.length > 1 && operator) {
    const same = unique(hits.filter(([, op]) => op === operator).map(([t]) => t));
    if (same.length > 0) targets = same;
  }
  if (targets.length === 1) return { kind: 'found', target: targets[0]! };
  return { kind: 'ambiguous', choices: targets.map(lineOf) };
}

/** The fuzzy branch: the clearly best target, the near-ties, or the closest targets. */
export function pickFuzzy(
  matcher: Matcher<{ readonly target: number; readonly operator?: Operator | undefined | null }>,
  params: ResolveParams,
  text: string,
  operator: Operator | undefined,
  lineOf: (target: number) => string,
): TriggerPick {
  const best = new Map<number, number>();
  for (const r of matcher.rank(text, 64)) {
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

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}
