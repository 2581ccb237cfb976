/**
 * The one home of what memdex does to words after splitting them (the one word
 * splitter is keys.ts keyWords: NFKC, lower case, runs of letters and digits). Two
 * consumers want different things of a word, on purpose, and both are defined here:
 *
 * - The resolver (fuzzy/, resolve/) matches a typed trigger against a few hundred
 *   curated triggers: agents add or drop a grammar word (`for`, `the`, `vs`) and
 *   write a plural for a singular, so it ignores GRAMMAR_WORDS and folds plurals
 *   only (foldPlural: `tests` → `test`). A heavier stemmer would merge triggers that
 *   are different entries (`testing` and `tests` are not the same trigger).
 * - The topic ranker (suggest/) reads free prose, a prompt or a whole plan, against
 *   every word of every entry: a retrieval model wants the standard English function
 *   words removed (RETRIEVAL_STOPWORDS, the Snowball list) and inflections conflated
 *   (the Porter stemmer, suggest/analyze.ts: `gating` → `gate`), so that a plan's
 *   wording meets an entry's.
 *
 * The resolver's behaviour is fixed by its tests; the ranker's lists are the
 * literature's. Neither list is a subset of the other (`vs` is grammar to a trigger;
 * `not` and `about` are function words to prose).
 */

/** Words that carry grammar, not topic, in a trigger: agents add and drop them freely. */
const GRAMMAR_WORDS = new Set([
  'a', 'an', 'the', 'to', 'of', 'for', 'in', 'on', 'at', 'by', 'with', 'and', 'or', 'is', 'are', 'be',
  'from', 'into', 'as', 'it', 'its', 'vs', 'when', 'how',
]);

/** Whether the resolver ignores this (folded) word when matching triggers. */
export function isGrammarWord(word: string): boolean {
  return GRAMMAR_WORDS.has(word);
}

/** Plural folding, deliberately naive but symmetric: `tests`→`test`, `entries`→`entry`, `classes`→`class`. */
export function foldPlural(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The Snowball English stop list (snowball.tartarus.org, english/stop.txt, BSD licence), the
 * standard list of function words for English retrieval, unchanged but for one addition: the
 * fragments that splitting leaves of contractions (`don't` → `don` + `t`; single letters are
 * dropped anyway). `when` and `how` are on it, which suits an index whose every entry starts
 * with one of them.
 */
const SNOWBALL_ENGLISH = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these
those am is are was were be been being have has had having do does did doing would should could
ought a an the and but if or because as until while of at by for with about against between into
through during before after above below to from up down in out on off over under again further then
once here there when where why how all any both each few more most other some such no nor not only
own same so than too very`;

const CONTRACTION_FRAGMENTS = 'isn aren wasn weren hasn haven hadn doesn don didn won wouldn shan shouldn can couldn mustn let ll ve re';

/** The ranker's stop words (suggest/analyze.ts). */
export const RETRIEVAL_STOPWORDS: ReadonlySet<string> = new Set(`${SNOWBALL_ENGLISH} ${CONTRACTION_FRAGMENTS}`.split(/\s+/).filter(Boolean));
