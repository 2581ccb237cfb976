/**
 * The section table with the fuzzy engine (section-lines.ts reads it without): what the
 * fuzzy stage (dist/when-fuzzy.cjs) opens for a `.Section` no heading's key names (the
 * resolver's matcher built over the table's heading texts from their stored words), a
 * `..file.md#Heading` no heading of the file names, a file name no file has.
 *
 * Without the tier cap a trigger's typo gets (src/when/short-run.ts): the headings are
 * half the phrases (494 against 1,010 on the 378-entry topic tree), the match too
 * short for an optimizing compile to queue, and loading node:v8 for the cap cost more than
 * it saved: with it 3.6 % more wall and 3.8 % more CPU (41 runs interleaved, load 3.9–4.8;
 * bench/RESULTS.md, branch `sectypo`).
 */
import { textMatcher } from '../fuzzy/matcher.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { openSectionTable, type SectionTable } from './section-lines.js';

export function openSectionTableWithFuzzy(payload: string, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): SectionTable | undefined {
  return openSectionTable(payload, (texts, data) => textMatcher(texts, params.fuzzy, data), params);
}
