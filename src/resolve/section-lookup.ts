/**
 * The section table with the fuzzy engine (section-lines.ts reads it without): what the
 * fuzzy stage (dist/when-fuzzy.cjs) opens for a `.Section` no heading's key names, the
 * resolver's matcher built over the table's heading texts from their stored words.
 */
import { createMatcher } from '../fuzzy/matcher.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { openSectionTable, type SectionTable } from './section-lines.js';

/** `onFuzzy`: called once, before the first fuzzy match (the adapter tunes a one-query process, src/when/short-run.ts). */
export function openSectionTableWithFuzzy(payload: string, params: ResolveParams = DEFAULT_RESOLVE_PARAMS, onFuzzy?: () => void): SectionTable | undefined {
  return openSectionTable(
    payload,
    (texts, data) => {
      onFuzzy?.();
      return createMatcher(
        texts.map((_, id) => id),
        (id) => texts[id]!,
        params.fuzzy,
        data,
      );
    },
    params,
  );
}
