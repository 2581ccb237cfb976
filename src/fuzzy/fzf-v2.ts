/**
 * Character-level fuzzy score: fzf's V2 algorithm (junegunn/fzf, src/algo/algo.go).
 *
 * The pattern must appear in the text as a subsequence (case-insensitive); among all
 * such alignments the best-scoring one is found by dynamic programming, like
 * Smith-Waterman: H[i][j] is the best score of pattern[0..i] with pattern[i] matched
 * at text[j]. A match earns `scoreMatch` plus a bonus that depends on where it lands:
 *
 *   - after whitespace or at the start of the text   bonusBoundaryWhite (10)
 *   - after a delimiter (/ - _ , : ; |)               bonusBoundaryDelimiter (9)
 *   - after another non-word character                bonusBoundary (8)
 *   - a camelCase hump or a letter→digit step         bonusCamel (7)
 *
 * The first pattern character's bonus counts bonusFirstCharMultiplier times. A match
 * that continues a run keeps the run's first bonus (at least bonusConsecutive), so
 * `mock` inside `mock patching` beats `m-o-c-k` scattered. Skipping text between two
 * matches costs gapStart once plus gapExtension per further character; gaps are paid
 * inside the programme (unlike the Python engine we replace, which penalised a
 * different alignment after the fact), and the start of the text is a boundary (so an
 * exact match is never beaten by a superstring for lack of a bonus).
 *
 * O(m·n) time, O(n) memory per row; returns 0 when the pattern is not a subsequence.
 */
import type { FuzzyParams } from './params.js';

const enum CharClass {
  White,
  Delimiter,
  NonWord,
  Lower,
  Upper,
  Digit,
}

function classOf(ch: string): CharClass {
  if (ch >= 'a' && ch <= 'z') return CharClass.Lower;
  if (ch >= 'A' && ch <= 'Z') return CharClass.Upper;
  if (ch >= '0' && ch <= '9') return CharClass.Digit;
  if (ch === ' ' || ch === '\t' || ch === '\n') return CharClass.White;
  if ('/-_,:;|'.includes(ch)) return CharClass.Delimiter;
  if (ch.toLowerCase() !== ch.toUpperCase()) return ch === ch.toLowerCase() ? CharClass.Lower : CharClass.Upper;
  return CharClass.NonWord;
}

function bonusFor(prev: CharClass, cur: CharClass, p: FuzzyParams): number {
  if (cur >= CharClass.Lower) {
    if (prev === CharClass.White) return p.bonusBoundaryWhite;
    if (prev === CharClass.Delimiter) return p.bonusBoundaryDelimiter;
    if (prev === CharClass.NonWord) return p.bonusBoundary;
    if ((prev === CharClass.Lower && cur === CharClass.Upper) || (prev !== CharClass.Digit && cur === CharClass.Digit)) return p.bonusCamel;
    return 0;
  }
  return cur === CharClass.NonWord || cur === CharClass.Delimiter ? p.bonusBoundary : 0;
}

/** Best fzf V2 score of `pattern` in `text`, 0 when it is not a subsequence. */
export function fzfScore(pattern: string, text: string, p: FuzzyParams): number {
  const m = pattern.length;
  const n = text.length;
  if (m === 0 || m > n) return 0;
  const pat = pattern.toLowerCase();
  const low = text.toLowerCase();
  // Quick reject: not a subsequence.
  for (let i = 0, j = 0; i < m; j++) {
    if (j === n) return 0;
    if (low[j] === pat[i]) i++;
  }
  const bonus = new Float64Array(n);
  let prev = CharClass.White; // the start of the text counts as after whitespace
  for (let j = 0; j < n; j++) {
    const cur = classOf(text[j]!);
    bonus[j] = bonusFor(prev, cur, p);
    prev = cur;
  }
  const NONE = -1e9;
  let prevH = new Float64Array(n).fill(NONE); // row i-1: best score with pattern[i-1] at j
  let prevRun = new Float64Array(n); // bonus carried by the run ending at j (row i-1)
  let curH = new Float64Array(n);
  let curRun = new Float64Array(n);
  for (let i = 0; i < m; i++) {
    const pc = pat[i]!;
    // gapped: best previous-row end k <= j-2, plus the cost of the gap k+1..j-1.
    let gapped = NONE;
    for (let j = 0; j < n; j++) {
      if (j >= 2) gapped = Math.max(gapped + p.gapExtension, prevH[j - 2]! + p.gapStart);
      curH[j] = NONE;
      curRun[j] = 0;
      if (low[j] !== pc) continue;
      if (i === 0) {
        curH[j] = p.scoreMatch + bonus[j]! * p.bonusFirstCharMultiplier;
        curRun[j] = bonus[j]!;
        continue;
      }
      let score = NONE;
      let run = 0;
      const diag = j > 0 ? prevH[j - 1]! : NONE;
      if (diag > NONE / 2) {
        // Consecutive: the run keeps its first bonus (at least bonusConsecutive).
        run = Math.max(prevRun[j - 1]!, p.bonusConsecutive, bonus[j]!);
        score = diag + p.scoreMatch + run;
      }
      if (gapped > NONE / 2 && gapped + p.scoreMatch + bonus[j]! > score) {
        score = gapped + p.scoreMatch + bonus[j]!;
        run = bonus[j]!;
      }
      curH[j] = score;
      curRun[j] = run;
    }
    [prevH, curH] = [curH, prevH];
    [prevRun, curRun] = [curRun, prevRun];
  }
  let result = 0;
  for (let j = 0; j < n; j++) if (prevH[j]! > result) result = prevH[j]!;
  return result;
}
