/**
 * The baseline: today's errors recorded in a committed file, so that a tree that
 * is not clean can adopt memdex gradually: `memdex check` then blocks only new
 * errors. ESLint's bulk suppressions (`eslint --suppress-all`,
 * eslint-suppressions.json, ESLint 9.24) are the model, in format and in meaning:
 *
 *   { "<root-relative file>": { "<rule id>": { "count": <n> } } }
 *
 * - Only errors are recorded: warnings never block a commit, and stay in sight.
 * - A file's errors of one rule are suppressed while there are at most `count`
 *   of them. When there are more, every one of them is reported: which of them
 *   are new a count cannot tell (a count does tell when lines only move, which
 *   an edit above a finding always does, so it never goes stale that way).
 * - A count larger than what is found is left over: an error was fixed. The next
 *   `memdex baseline`, or `check --fix`, lowers it and drops an entry at zero, so
 *   the baseline only shrinks unless someone records new errors on purpose.
 *
 * Pure: the adapter reads and writes the file; here are the counts, the filter
 * and the file's text.
 */
import type { Diagnostic } from './diagnostic.js';
import { parseJsonTree, toValue } from '../model/json-tree.js';
import { offsetToLocation } from '../model/lines.js';
import { stripBom } from '../model/bom.js';
import { baselineMessages as m } from '../messages/baseline.js';

/** The baseline's file, at the root of the tree (committed: the team shares it). */
export const BASELINE_FILE = 'memdex-baseline.json';

/** file → rule → how many of its errors are recorded. */
export type Baseline = Readonly<Record<string, Readonly<Record<string, { readonly count: number }>>>>;

export interface BaselineApplied {
  /** The findings left to report. */
  readonly kept: readonly Diagnostic[];
  /** How many errors the baseline suppressed. */
  readonly suppressed: number;
  /** (file, rule) pairs with more errors than recorded: all of them reported. */
  readonly exceeded: readonly { readonly path: string; readonly ruleId: string; readonly count: number; readonly found: number }[];
  /** Recorded errors no longer found (the next `memdex baseline` or `check --fix` drops them). */
  readonly unused: number;
}

/** The errors among `diagnostics`, counted by file and rule: what `memdex baseline` records. */
export function countErrors(diagnostics: readonly Diagnostic[]): Baseline {
  const counts: Record<string, Record<string, { count: number }>> = {};
  for (const d of diagnostics) {
    if (d.severity !== 'error') continue;
    const rules = (counts[d.path] ??= {});
    (rules[d.ruleId] ??= { count: 0 }).count++;
  }
  return sortBaseline(counts);
}

/** The findings the baseline leaves to report (ESLint's rule: at most `count` per file and rule suppressed, else all shown). */
export function applyBaseline(diagnostics: readonly Diagnostic[], baseline: Baseline): BaselineApplied {
  const found = countErrors(diagnostics);
  const kept: Diagnostic[] = [];
  let suppressed = 0;
  for (const d of diagnostics) {
    const recorded = d.severity === 'error' ? baseline[d.path]?.[d.ruleId]?.count : undefined;
    if (recorded !== undefined && found[d.path]![d.ruleId]!.count <= recorded) suppressed++;
    else kept.push(d);
  }
  const exceeded: { path: string; ruleId: string; count: number; found: number }[] = [];
  let unused = 0;
  for (const [path, rules] of Object.entries(baseline)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      const now = found[path]?.[ruleId]?.count ?? 0;
      if (now > count) exceeded.push({ path, ruleId, count, found: now });
      else unused += count - now;
    }
  }
  return { kept, suppressed, exceeded, unused };
}

/** The baseline lowered to what is still found (never raised): `check --fix` and `memdex baseline --prune`. */
export function pruneBaseline(baseline: Baseline, diagnostics: readonly Diagnostic[]): Baseline {
  const found = countErrors(diagnostics);
  const pruned: Record<string, Record<string, { count: number }>> = {};
  for (const [path, rules] of Object.entries(baseline)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      const now = Math.min(count, found[path]?.[ruleId]?.count ?? 0);
      if (now > 0) (pruned[path] ??= {})[ruleId] = { count: now };
    }
  }
  return sortBaseline(pruned);
}

/** Errors recorded, and in how many files. */
export function baselineSize(baseline: Baseline): { readonly errors: number; readonly files: number } {
  let errors = 0;
  for (const rules of Object.values(baseline)) for (const { count } of Object.values(rules)) errors += count;
  return { errors, files: Object.keys(baseline).length };
}

export function sameBaseline(a: Baseline, b: Baseline): boolean {
  return renderBaseline(a) === renderBaseline(b);
}

/** The file's text: keys sorted (a stable diff), two-space indent, a final newline. */
export function renderBaseline(baseline: Baseline): string {
  return `${JSON.stringify(sortBaseline(baseline), null, 2)}\n`;
}

/** The baseline in a file's text, or the problem naming `display:line:column`. */
export function parseBaseline(text: string, display: string): { readonly baseline: Baseline } | { readonly problem: string } {
  const body = stripBom(text);
  const tree = parseJsonTree(body);
  const at = (offset: number) => {
    const where = offsetToLocation(body, offset);
    return `${display}:${where.line}:${where.column}`;
  };
  if (!tree.ok) return { problem: m.invalidJson(at(tree.error.offset), tree.error.message) };
  if (tree.root.kind !== 'object') return { problem: m.invalidShape(at(tree.root.start)) };
  const baseline: Record<string, Record<string, { count: number }>> = {};
  for (const file of tree.root.members) {
    if (file.value.kind !== 'object') return { problem: m.invalidShape(at(file.value.start)) };
    const rules: Record<string, { count: number }> = {};
    for (const rule of file.value.members) {
      const value = toValue(rule.value) as unknown;
      const count = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { count?: unknown }).count : undefined;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return { problem: m.invalidCount(at(rule.value.start), file.key, rule.key) };
      if (count > 0) rules[rule.key] = { count };
    }
    if (Object.keys(rules).length > 0) baseline[file.key] = rules;
  }
  return { baseline };
}

function sortBaseline(baseline: Baseline): Baseline {
  const sorted: Record<string, Record<string, { count: number }>> = {};
  for (const path of Object.keys(baseline).sort()) {
    const rules = baseline[path]!;
    sorted[path] = Object.fromEntries(Object.keys(rules).sort().map((ruleId) => [ruleId, { count: rules[ruleId]!.count }]));
  }
  return sorted;
}
