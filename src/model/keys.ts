/**
 * The one definition of "same key": the validator, the resolver (exact lookup and
 * trigger table), compress-key, the migration and duplicate detection all compare
 * texts through foldKey, so `memdex check` accepts a pair exactly when
 * `memdex when` answers it by exact hit.
 *
 * foldKey(text):
 *   1. Unicode NFKC: compatibility forms become their plain letters (`ﬁ` → `fi`,
 *      full-width `Ｗ` → `W`) and accents compose (`e` + U+0301 → `é`), so two texts
 *      that look the same fold the same;
 *   2. lower-case (String.prototype.toLowerCase: locale-independent);
 *   3. the words: maximal runs of letters and digits (\p{L}\p{N}), a combining mark
 *      (\p{M}) continuing the word before it (Devanagari vowel signs, the dot of a
 *      lower-cased `İ`), joined by one space. Punctuation, backticks, emphasis and
 *      spacing separate words and are otherwise ignored.
 *
 * Examples (entry ↔ heading, and their common key):
 *   `/when Writing  mock-tests`      ↔  `### When Writing Mock Tests`    `when writing mock tests`
 *   `/how encode paths`              ↔  `## How to Encode Paths`         `how to encode paths`
 *   `/how use __init__.py`           ↔  `### How to Use \`__init__.py\``  `how to use init py`
 *   `/when choosing an ORM: Café`    ↔  `### When Choosing an ORM — café` `when choosing an orm café`
 *   `/when 設定を読む`                 ↔  `### When 設定を読む`              `when 設定を読む`
 * The key of an entry is foldKey(`When <trigger>`) or foldKey(`How to <trigger>`);
 * of a heading, foldKey(text), a structural heading keeping its leading dot
 * (`.mock patching`) so it never takes a semantic heading's key. foldKey is
 * idempotent: a folded key folds to itself, so folded words can be re-joined and
 * looked up again (compress-key does).
 */
export type Operator = 'when' | 'how';

export const OPERATOR_HEADING_PREFIX: Readonly<Record<Operator, string>> = { when: 'When', how: 'How to' };

/**
 * The words of a non-ASCII text. Made on first use, and from a string, not a literal:
 * a \p{…} pattern builds ICU's property sets, and V8 builds them for a regex literal
 * when it compiles the file, even inside a function never called (each per-call
 * bundle paid ~1–2 ms for it: bench/RESULTS.md, "what the `when` bundles do at load"); a
 * process folding only ASCII (an exact recall) never needs them.
 */
let word: RegExp | undefined;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The words of a text, as foldKey sees them (NFKC, lower-cased). ASCII text (nearly
 * every trigger) is its own NFKC form and has no marks, so its words are the runs of
 * [a-z0-9], found by a character loop: the Unicode property regex costs a
 * short-lived process more than the rest of a query. Same result either way
 * (test/fuzzy/words.test.ts compares them on random text).
 */
export function keyWords(text: string): string[] {
  if (!ASCII.test(text)) return text.normalize('NFKC').toLowerCase().match((word ??= new RegExp('[\\p{L}\\p{N}][\\p{L}\\p{N}\\p{M}]*', 'gu'))) ?? [];
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : 0;
    const wordChar = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (wordChar && start === -1) start = i;
    else if (!wordChar && start !== -1) {
      words.push(lower.slice(start, i));
      start = -1;
    }
  }
  return words;
}

/** NFKC, lower-case, words joined by one space (see the top of this module). */
export function foldKey(text: string): string {
  return keyWords(text).join(' ');
}

/** Key of an index entry: operator prefix + trigger, folded. */
export function entryKey(operator: Operator, trigger: string): string {
  return foldKey(`${OPERATOR_HEADING_PREFIX[operator]} ${trigger}`);
}

/** Key of a heading text; a structural heading keeps its leading dot. */
export function headingKey(text: string): string {
  return text.startsWith('.') ? `.${foldKey(text.slice(1))}` : foldKey(text);
}

/** Key prefixes of semantic headings, folded like any key. */
const PREFIX_KEYS: readonly (readonly [Operator, string])[] = [
  ['how', `${foldKey(OPERATOR_HEADING_PREFIX.how)} `],
  ['when', `${foldKey(OPERATOR_HEADING_PREFIX.when)} `],
];
/** The written prefix: the operator words with anything but letters and digits around them (made on first use, as `word`). */
let prefixText: Readonly<Record<Operator, RegExp>> | undefined;
const prefixPatterns = (): Readonly<Record<Operator, RegExp>> =>
  (prefixText ??= {
    how: new RegExp('^[^\\p{L}\\p{N}]*how[^\\p{L}\\p{N}\\p{M}]+to(?![\\p{L}\\p{N}\\p{M}])', 'iu'),
    when: new RegExp('^[^\\p{L}\\p{N}]*when(?![\\p{L}\\p{N}\\p{M}])', 'iu'),
  });

/**
 * The operator and trigger a semantic heading stands for: `When X` → when/X,
 * `How to X` → how/X (X as written, trimmed); undefined for any other heading.
 * Decided on the key, so it agrees with pairing: entryKey(operator, trigger) is
 * always headingKey(text). A caller that has the key (a model heading's) passes it.
 */
export function headingOperator(text: string, key = headingKey(text)): { operator: Operator; trigger: string } | undefined {
  for (const [operator, prefix] of PREFIX_KEYS) {
    if (!key.startsWith(prefix)) continue;
    const written = ASCII.test(text) ? text : text.normalize('NFKC'); // ASCII is its own NFKC form (ICU's call is not free)
    const match = prefixPatterns()[operator].exec(written);
    // NFKC can turn compatibility letters into the prefix words; the key is the authority.
    const trigger = match ? written.slice(match[0].length).trim() : key.slice(prefix.length);
    return { operator, trigger: foldKey(trigger) === key.slice(prefix.length) ? trigger : key.slice(prefix.length) };
  }
  return undefined;
}

/**
 * The heading text a migration writes for an entry: `When`/`How to` plus the trigger
 * words with the first letter upper-cased, which is what the real migration
 * produced. A word written with capitals of its own (`TDD`, `GitHub`) keeps them, and
 * so does a word `spellings` knows (the tree's own form of it, model/spellings.ts:
 * `cli` → `CLI`). Its key is always entryKey(operator, trigger).
 */
export function headingForEntry(operator: Operator, trigger: string, spellings?: Spellings): string {
  const words = trigger.trim().split(/\s+/).filter(Boolean).map((word) => capitalizeWord(word, spellings));
  return `${OPERATOR_HEADING_PREFIX[operator]} ${words.join(' ')}`;
}

/** Lower-case word → the form to write it in (model/spellings.ts). */
export type Spellings = Pick<ReadonlyMap<string, string>, 'get'>;

function capitalizeWord(word: string, spellings: Spellings | undefined): string {
  if (word === word.toUpperCase()) return word;
  // The tree's form of each run of letters and digits (`cli-native` → `CLI-native`); the key never changes.
  const spelled = spellings ? word.replace(/[A-Za-z][A-Za-z0-9]*/g, (w) => (w === w.toLowerCase() ? (spellings.get(w) ?? w) : w)) : word;
  const [first = '', ...rest] = [...(foldKey(spelled) === foldKey(word) ? spelled : word)];
  const upper = first.toUpperCase();
  // `ß` upper-cases to `SS`, which would change the key: such letters stay as written.
  const head = upper.toLowerCase() === first.toLowerCase() ? upper : first;
  return head + rest.join('');
}
