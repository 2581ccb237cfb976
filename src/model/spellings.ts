/**
 * How a memory tree writes its words: `CLI`, `CI`, `GitHub`, `TDD`. A heading made
 * from a lower-case trigger (`memdex add when using the cli in ci`, compress-key's
 * proposed heading, a migration's new heading) takes these forms instead of
 * capitalising every word (`When Using The Cli In Ci`).
 *
 * A word's form here is the one the decision files write most often, among the
 * forms that are not merely lower-case or capitalised (those say nothing: a
 * sentence or a heading capitalises any word), compared with how often the word is
 * written all lower-case: `cli` written `CLI` 20 times and `cli` 5 times (in
 * `cli.md`, in code) is `CLI`; `in` written `In` in headings and `in` in prose has
 * no form of its own. One pass over the texts, cached per project.
 */
import type { Project } from './project.js';

const cache = new WeakMap<Project, ReadonlyMap<string, string>>();

/** Lower-case word → the tree's own form of it, for the words it writes in a form of their own. */
export function wordSpellings(project: Project): ReadonlyMap<string, string> {
  let spellings = cache.get(project);
  if (!spellings) cache.set(project, (spellings = spellingsOf(project.decisions.map((f) => f.text))));
  return spellings;
}

export function spellingsOf(texts: readonly string[]): Map<string, string> {
  const forms = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const [word] of text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)) {
      if (word.length < 2) continue;
      const lower = word.toLowerCase();
      const ofWord = forms.get(lower) ?? new Map<string, number>();
      if (!forms.has(lower)) forms.set(lower, ofWord);
      const form = word === lower ? lower : isCapitalised(word) ? '' : word;
      ofWord.set(form, (ofWord.get(form) ?? 0) + 1);
    }
  }
  const spellings = new Map<string, string>();
  for (const [lower, ofWord] of forms) {
    let best: string | undefined;
    let bestCount = 0;
    for (const [form, count] of ofWord) if (form !== '' && form !== lower && count > bestCount) [best, bestCount] = [form, count];
    if (best !== undefined && bestCount > (ofWord.get(lower) ?? 0)) spellings.set(lower, best);
  }
  return spellings;
}

/** `Word`: upper-case first letter, the rest lower-case. */
function isCapitalised(word: string): boolean {
  return word[0] !== word[0]!.toLowerCase() && word.slice(1) === word.slice(1).toLowerCase();
}
