import { closest } from '../fuzzy/matcher.js';
import { DEFAULT_FUZZY_PARAMS } from '../fuzzy/params.js';

/** The closest known name to a mistyped one (`chek` → `check`), when one is close enough. */
export function didYouMean(given: string, names: readonly string[]): string | undefined {
  return closest(given, names, DEFAULT_FUZZY_PARAMS, 1)[0]?.item;
}
