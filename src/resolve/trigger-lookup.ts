/**
 * Answers triggers from the trigger table (trigger-table.ts builds it): the fast path
 * of a hook call. An exact phrase is a binary search; anything else runs the fuzzy
 * engine over the table's candidates (parsed and indexed only then). Never loads
 * the model or the full resolver; decides with the resolver's code (trigger-pick.ts).
 * The table's lines and the exact stage alone: trigger-lines.ts.
 */
import { createMatcher, type Matcher } from '../fuzzy/matcher.js';
import type { Operator } from '../model/keys.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import type { ResolveResult } from './resolve.js';
import { TableLines, tableOf, type TriggerTable } from './trigger-lines.js';

export type { Group, Hits, TriggerSection, TriggerTable } from './trigger-lines.js';

/** `onFuzzy`: called once, before the first fuzzy match (the adapter tunes a one-query process, src/when/short-run.ts). */
export function openTriggerTable(table: string, params: ResolveParams = DEFAULT_RESOLVE_PARAMS, onFuzzy?: () => void): TriggerTable {
  const lines = new TableLines(table);
  let matcher: Matcher<{ readonly target: number; readonly operator: Operator | null }> | undefined;
  const fuzzy = () => {
    if (!matcher) {
      onFuzzy?.();
      const candidates = lines.candidates().map(([text, target, operator]) => ({ text, target, operator }));
      matcher = createMatcher(candidates, (c) => c.text, params.fuzzy, lines.matcherData());
    }
    return matcher;
  };
  return tableOf(lines, params, fuzzy);
}

/** One-off lookup (tests): opens the table for a single query. */
export function resolveFromTriggerTable(
  table: string,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | undefined {
  return openTriggerTable(table).resolve(query, operator, readText);
}
