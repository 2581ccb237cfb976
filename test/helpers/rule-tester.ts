/**
 * RuleTester, ESLint style: each rule gets a table of `valid` cases (no finding) and
 * `invalid` cases (exactly these findings), each case a small tree of files. The
 * expected findings are written as the user sees them:
 *
 *   'agents/memory-index.md:5:1-5:24 Entry `/when x` …'          file:line:col-endLine:endCol message
 *   '  agents/decisions/a.md:3:1 closest heading'                 then each related place, indented
 *
 * so changing a message, a column or a related place breaks a test. For a fixable
 * rule every invalid case states its `output` (the changed files after fixing, or
 * null when that finding offers no fix). On every case the harness also enforces
 * the invariants every rule owes its users:
 *   - every finding (and related place) has a position: line and column >= 1, end >= start;
 *   - no message shows `undefined` or `[object …]`, or starts or ends with a space;
 *   - the model is not mutated by the rule;
 *   - fixes come only from rules that declare `fixable` (the engine refuses others);
 *   - fixes are applied until stable, are idempotent (a second run changes nothing),
 *     and the fixed tree re-checks clean for that rule.
 */
import { describe, expect, test } from '@jest/globals';
import type { Diagnostic, Related, Span } from '../../src/core/diagnostic.js';
import { runRules } from '../../src/core/engine.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { checkRuleSettings } from '../../src/core/rule-options.js';
import type { Rule } from '../../src/core/rule.js';
import { DEFAULT_CONFIG, parseConfig, type Config } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { allRules } from '../../src/rules/registry.js';

export type Files = Readonly<Record<string, string>>;

export interface ValidCase {
  readonly name: string;
  readonly files: Files;
  /** The value of memdex.config.json (checked like the CLI checks it). */
  readonly config?: unknown;
}

export interface InvalidCase extends ValidCase {
  /** Findings in output order (path, line, column), each with its related lines. */
  readonly errors: readonly string[];
  /** Fixable rules only: the files the fix changes, with their text after fixing; null: no fix offered. */
  readonly output?: Files | null;
}

export interface RuleTable {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly InvalidCase[];
}

/** The least a table must hold: several ways to break the rule, and a way to satisfy it. */
export const MIN_INVALID = 3;
export const MIN_VALID = 1;

export function render(d: Diagnostic): string {
  const related = (d.related ?? []).map((r) => `\n  ${renderRelated(r)}`).join('');
  return `${d.path}:${renderSpan(d.span)} ${d.message}${related}`;
}

function renderSpan(span: Span | undefined): string {
  return span ? `${span.start.line}:${span.start.column}-${span.end.line}:${span.end.column}` : '(no position)';
}

function renderRelated(r: Related): string {
  return `${r.path}${r.span ? `:${r.span.start.line}:${r.span.start.column}` : ''} ${r.message}`;
}

function configOf(value: unknown): Config {
  if (value === undefined) return DEFAULT_CONFIG;
  const parsed = parseConfig(value);
  if (!parsed.ok) throw new Error(`bad test config: ${JSON.stringify(parsed.problems)}`);
  const problems = checkRuleSettings(parsed.config.rules, allRules);
  if (problems.length > 0) throw new Error(`bad test config: ${JSON.stringify(problems)}`);
  return parsed.config;
}

/** A deep, order-preserving picture of the model (Maps and Sets included) to detect mutation. */
function snapshot(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return { map: [...v] };
    if (v instanceof Set) return { set: [...v] };
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) return '[shared]';
      seen.add(v);
    }
    return v;
  });
}

function expectPositioned(d: Diagnostic): void {
  const spans: [string, Span | undefined][] = [[`${d.path}`, d.span], ...(d.related ?? []).map((r): [string, Span | undefined] => [`related ${r.path}`, r.span])];
  for (const [where, span] of spans) {
    expect({ where, positioned: span !== undefined }).toEqual({ where, positioned: true });
    const { start, end } = span!;
    for (const n of [start.line, start.column, end.line, end.column, start.offset, end.offset]) expect(Number.isInteger(n)).toBe(true);
    expect(start.line).toBeGreaterThanOrEqual(1);
    expect(start.column).toBeGreaterThanOrEqual(1);
    expect(end.offset).toBeGreaterThanOrEqual(start.offset);
    expect(end.line > start.line || (end.line === start.line && end.column >= start.column)).toBe(true);
  }
}

/**
 * The rule's findings alone. A directive rule judges what the other rules' findings
 * did to the suppression comments: it runs with every rule, and only its findings count.
 */
export function runRule(project: Project, rule: Rule): Diagnostic[] {
  if (rule.meta.phase !== 'directives') return runRules(project, [rule]);
  return runRules(project, allRules).filter((d) => d.ruleId === rule.meta.id);
}

async function checkCase(rule: Rule, c: ValidCase): Promise<{ config: Config; files: Map<string, string>; findings: Diagnostic[] }> {
  const config = configOf(c.config);
  const files = new Map(Object.entries(c.files));
  const project: Project = await buildWithFallback(files, config);
  const before = snapshot(project);
  const findings = runRule(project, rule);
  expect(snapshot(project)).toBe(before);
  for (const d of findings) {
    expect(d.ruleId).toBe(rule.meta.id);
    expectPositioned(d);
    for (const message of [d.message, ...(d.related ?? []).map((r) => r.message)]) expect(message).not.toMatch(/undefined|\[object |^\s|\s$/);
    if (d.fix) expect(rule.meta.fixable).toBe(true);
  }
  return { config, files, findings };
}

/** A valid case: no finding, and every invariant holds. Throws (a failed expectation) otherwise. */
export async function runValidCase(rule: Rule, c: ValidCase): Promise<void> {
  const { findings } = await checkCase(rule, c);
  expect(findings.map(render)).toEqual([]);
}

/** An invalid case: exactly its findings, its fix output for a fixable rule, and every invariant. */
export async function runInvalidCase(rule: Rule, c: InvalidCase): Promise<void> {
  const { config, files, findings } = await checkCase(rule, c);
  expect(findings.map(render)).toEqual(c.errors);
  if (!rule.meta.fixable) {
    expect({ output: c.output }).toEqual({ output: undefined }); // a non-fixable rule's case cannot promise a fix
    return;
  }
  expect({ outputStated: c.output !== undefined }).toEqual({ outputStated: true });
  const offered = findings.some((d) => d.fix);
  if (c.output === null) {
    expect({ offered }).toEqual({ offered: false });
    return;
  }
  expect({ offered }).toEqual({ offered: true });
  const check = async (f: ReadonlyMap<string, string>) => runRule(await buildWithFallback(f, config), rule);
  const fixed = await fixUntilStable(files, check);
  const changed = Object.fromEntries([...fixed.files].filter(([path, text]) => files.get(path) !== text));
  expect(changed).toEqual(c.output);
  // Idempotent: fixing the fixed tree changes nothing; and the rule is satisfied.
  const again = await fixUntilStable(fixed.files, check);
  expect(again.applied).toEqual([]);
  expect(again.files).toEqual(fixed.files);
  expect((await check(fixed.files)).map(render)).toEqual([]);
}

/** Registers the table's tests for `rule` (call at the top level of a test file, or inside a describe). */
export function ruleTester(rule: Rule, table: RuleTable): void {
  describe(rule.meta.id, () => {
    test('the table has several invalid cases and a valid one, with unique names', () => {
      expect(table.invalid.length).toBeGreaterThanOrEqual(MIN_INVALID);
      expect(table.valid.length).toBeGreaterThanOrEqual(MIN_VALID);
      const names = [...table.valid, ...table.invalid].map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
    });
    test.each(table.valid.map((c) => [c.name, c] as const))('valid: %s', (_name, c) => runValidCase(rule, c));
    test.each(table.invalid.map((c) => [c.name, c] as const))('invalid: %s', (_name, c) => runInvalidCase(rule, c));
  });
}
