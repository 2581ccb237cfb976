/**
 * compress-key: the shortest trigger that the resolver maps to a given heading and
 * to no other, checked with the resolver's own decision (so "unique" means exactly
 * what `memdex when` will do; trigger-finds.ts answers it without ranking every
 * phrase, which keeps `--all` near-linear), and the heading a migration would
 * rename it to.
 *
 * Candidates are the heading's own words (its `When`/`How to` prefix is the
 * operator), order kept, fewest words first, then earliest words first; a candidate
 * made only of stopwords is skipped. The full trigger is always the last candidate.
 */
import { tokenize, isStopword } from '../fuzzy/words.js';
import type { DecisionHeading } from '../model/decision-file.js';
import { foldKey, headingForEntry, headingOperator, type Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { resolveTrigger } from './resolve.js';
import { resolverIndex, type ResolverIndex } from './targets.js';
import { triggerFinds } from './trigger-finds.js';
import { entryLabel } from '../model/entry-line.js';
import { spellingsOf, wordSpellings } from '../model/spellings.js';

export interface CompressKeyOptions {
  readonly params?: ResolveParams;
  /** Fewest words a suggestion may have (when the heading has that many): a one-word trigger says too little. */
  readonly minWords?: number;
  /** Operator for a heading without a `When`/`How to` prefix (default `when`). */
  readonly operator?: Operator;
  /** Upper bound on candidates tried, against 2^words blow-up on long headings. */
  readonly maxCandidates?: number;
}

export type CompressKeyResult =
  | {
      readonly kind: 'ok';
      readonly heading: DecisionHeading;
      readonly operator: Operator;
      /** Lower-case trigger words, without the operator. */
      readonly trigger: string;
      /** `/when …` or `/how …`. */
      readonly entry: string;
      /** What the heading becomes when renamed to match the trigger (keys.ts headingForEntry). */
      readonly proposedHeading: string;
    }
  | { readonly kind: 'no-heading'; readonly heading: string }
  | { readonly kind: 'duplicate-heading'; readonly heading: string; readonly at: readonly DecisionHeading[] }
  | { readonly kind: 'none'; readonly heading: DecisionHeading };

const DEFAULT_MIN_WORDS = 2;
const DEFAULT_MAX_CANDIDATES = 4096;

export function compressKey(project: Project, headingText: string, options: CompressKeyOptions = {}): CompressKeyResult {
  const matches = (project.headingsByKey.get(foldKey(headingText)) ?? []).filter((h) => h.semantic);
  if (matches.length === 0) return { kind: 'no-heading', heading: headingText };
  if (matches.length > 1) return { kind: 'duplicate-heading', heading: headingText, at: matches };
  return compressHeading(project, matches[0]!, options);
}

/** compress-key for a heading of the model (what `--all` and `memdex migrate plan` call). */
export function compressHeading(project: Project, heading: DecisionHeading, options: CompressKeyOptions = {}): CompressKeyResult {
  const params = options.params ?? DEFAULT_RESOLVE_PARAMS;
  const index = resolverIndex(project, params);
  const parsed = headingOperator(heading.text);
  const operator = parsed?.operator ?? options.operator ?? 'when';
  const words = tokenize(parsed ? parsed.trigger : heading.text);
  const minWords = Math.min(options.minWords ?? DEFAULT_MIN_WORDS, words.length);
  let budget = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const target = targetOf(index).get(heading);
  const tryTrigger = (trigger: string): boolean => {
    if (target !== undefined) return triggerFinds(index, params, { text: trigger, operator, explicit: true }, target);
    const r = resolveTrigger(project, index, params, trigger, operator, true);
    return r.kind === 'found' && r.section.file === heading.path && r.section.line === heading.line;
  };
  for (let k = minWords; k < words.length && budget > 0; k++) {
    for (const combo of combinations(words.length, k)) {
      if (budget-- <= 0) break;
      const chosen = combo.map((i) => words[i]!);
      if (chosen.every((w) => isStopword(w))) continue;
      const trigger = chosen.join(' ');
      if (tryTrigger(trigger)) return ok(project, heading, operator, trigger);
    }
  }
  const full = words.join(' ');
  if (full !== '' && tryTrigger(full)) return ok(project, heading, operator, full);
  return { kind: 'none', heading };
}

const targets = new WeakMap<ResolverIndex, Map<DecisionHeading, number>>();

/** The resolver target of each heading (built once per index: --all asks for every heading). */
function targetOf(index: ResolverIndex): Map<DecisionHeading, number> {
  let map = targets.get(index);
  if (!map) targets.set(index, (map = new Map(index.targets.map((t, i) => [t.heading, i]))));
  return map;
}

/** The proposed heading writes each word as the heading did (`CLI`), else as the tree does (model/spellings.ts). */
function ok(project: Project, heading: DecisionHeading, operator: Operator, trigger: string): CompressKeyResult {
  const own = spellingsOf([heading.text]);
  const tree = wordSpellings(project);
  const proposedHeading = headingForEntry(operator, trigger, { get: (word) => own.get(word) ?? tree.get(word) });
  return { kind: 'ok', heading, operator, trigger, entry: entryLabel({ operator, trigger }), proposedHeading };
}

/** Order-preserving k-subsets of 0..n-1 in lexicographic order. */
function* combinations(n: number, k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}
