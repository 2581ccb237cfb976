/**
 * The tuning constants of the fuzzy engine, passed in as one frozen object so that
 * every consumer (resolver, validator did-you-means, compress-key) scores alike and a
 * test can vary one knob at a time. The algorithm that uses them is described in
 * matcher.ts (word level) and fzf-v2.ts (character level).
 */
export interface FuzzyParams {
  // --- character level (fzf V2, fzf-v2.ts); fzf's own defaults, Go fzf ≥ 0.36 ---
  /** Each matched character. */
  readonly scoreMatch: number;
  /** Opening a gap between two matched characters. */
  readonly gapStart: number;
  /** Each further skipped character of a gap. */
  readonly gapExtension: number;
  /** A match right after whitespace, or at the very start of the text. */
  readonly bonusBoundaryWhite: number;
  /** A match right after a delimiter (`/ - _ , : ; |`). */
  readonly bonusBoundaryDelimiter: number;
  /** A match after any other non-word character. */
  readonly bonusBoundary: number;
  /** camelCase hump or letter→digit transition. */
  readonly bonusCamel: number;
  /** Minimum bonus of a character that continues a run of matches. */
  readonly bonusConsecutive: number;
  /** The first pattern character's bonus counts this many times. */
  readonly bonusFirstCharMultiplier: number;

  // --- word level (matcher.ts) ---
  /** Same word after plural folding (`test` ~ `tests`). */
  readonly simStem: number;
  /** One edit (insert, delete, substitute, swap) apart; both words ≥ typoMinLength. */
  readonly simTypo: number;
  readonly typoMinLength: number;
  /** Another inflection of the same stem (`patch`/`patching`, `write`/`writing`): a shared prefix of ≥ inflectionMinPrefix
   * characters that covers the shorter word but for at most one character. */
  readonly simInflection: number;
  readonly inflectionMinPrefix: number;
  /** Query word is a prefix of the candidate word: simPrefixBase + simPrefixSpan × coverage. */
  readonly simPrefixBase: number;
  readonly simPrefixSpan: number;
  readonly prefixMinLength: number;
  /** Abbreviation by fzf subsequence (`mck` in `mock`): simSubsequence × normalised fzf score, if ≥ subsequenceMin. */
  readonly simSubsequence: number;
  readonly subsequenceMin: number;
  /** Weight of a stopword (`a`, `the`, `to`…) relative to a content word. */
  readonly stopwordWeight: number;
  /** Final score = recall × wRecall + precision × wPrecision + order × wOrder (the weights sum to 1). */
  readonly weightRecall: number;
  readonly weightPrecision: number;
  readonly weightOrder: number;
  /** Below this a candidate is not a match at all (not even a suggestion). */
  readonly minScore: number;
}

export const DEFAULT_FUZZY_PARAMS: FuzzyParams = Object.freeze({
  scoreMatch: 16,
  gapStart: -3,
  gapExtension: -1,
  bonusBoundaryWhite: 10,
  bonusBoundaryDelimiter: 9,
  bonusBoundary: 8,
  bonusCamel: 7,
  bonusConsecutive: 4,
  bonusFirstCharMultiplier: 2,

  // A plural is the same concept: nearly an exact hit, but an exact word still wins ties.
  simStem: 0.95,
  // One typo: clearly the word meant, yet below a plural so that a real word beats a typo.
  simTypo: 0.8,
  // Short words have too many one-edit neighbours (`test`/`text`/`tent`, `path`/`patch`): 5+ letters.
  typoMinLength: 5,
  // Between a typo and a typed prefix: the same concept in another grammatical form.
  simInflection: 0.7,
  inflectionMinPrefix: 4,
  // `encod` → `encode`: 0.6..0.9 by how much of the word was typed; never as good as a typo fix.
  simPrefixBase: 0.6,
  simPrefixSpan: 0.3,
  prefixMinLength: 3,
  // `mck` → `mock`: weak evidence, capped at half a word.
  simSubsequence: 0.5,
  subsequenceMin: 0.6,
  // Agents drop and add articles freely; they must not decide a match.
  stopwordWeight: 0.2,
  // Recall dominates (every query word should be explained), precision separates an
  // exact trigger from a longer superstring, word order only breaks near-ties.
  weightRecall: 0.6,
  weightPrecision: 0.3,
  weightOrder: 0.1,
  minScore: 0.3,
});
