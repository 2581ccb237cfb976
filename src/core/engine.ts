import { compareStrings, type Diagnostic, type Severity } from './diagnostic.js';
import type { DirectiveReport, Report, Rule } from './rule.js';
import type { Project } from '../model/project.js';
import type { RuleConfig } from '../model/config.js';
import { ignoredRanges, type IgnoredRanges } from '../model/ignores.js';
import { resolveOptions } from './rule-options.js';
import { RangeSet } from './range-set.js';
import { applyDirectives, readDirectives, type Directive, type DirectiveSource } from './suppress.js';
import { checkMessages } from '../messages/check.js';

/** A rule threw: a bug in memdex, not a finding. The CLI exits 2. */
export class RuleError extends Error {
  constructor(
    readonly ruleId: string,
    cause: unknown,
  ) {
    super(checkMessages.ruleFailed(ruleId, cause instanceof Error ? cause.message : String(cause)), { cause });
    this.name = 'RuleError';
  }
}

type Settings = Readonly<Record<string, RuleConfig>>;

/**
 * Runs every enabled rule over the read-only project. The engine, not the rule,
 * stamps ruleId and severity, refuses fixes from rules not marked fixable, and
 * hands each rule its options checked against meta.options with the defaults filled
 * (invalid options are a UsageError: memdex.config.json is checked with locations
 * before this, by core/rule-options.ts; this guards the library API).
 *
 * Then what the user asked not to hear about goes: findings in the places config
 * `ignores` names (model/ignores.ts), then those an inline directive covers
 * (core/suppress.ts; a directive may name the rules given here). A fix that would
 * edit an ignored place or the text of a suppressed finding is withdrawn (the
 * finding stays, unfixable): --fix never changes what the user set aside. Last, the
 * directive rules (meta.phase 'directives') judge the directives themselves.
 * Results are sorted by path, line, column, rule: deterministic output.
 */
export function runRules(project: Project, rules: readonly Rule[], settings: Settings = project.config.rules): Diagnostic[] {
  const knownIds = rules.map((rule) => rule.meta.id);
  const found = runPhase(project, rules.filter((rule) => rule.meta.phase !== 'directives'), settings, { problems: [], knownIds });
  if (project.config.ignores?.length && !project.ignores) throw new Error(checkMessages.ignoresNotCompiled);
  const ignoredPlaces = ignoredRanges(project, project.ignores).ranges;
  const ignored = rangeSetOf(ignoredPlaces);
  const directives = directivesOf(project);
  if (ignored.size === 0 && directives.size === 0) return sortFindings(found); // nothing set aside, nothing to judge
  const visible = found.filter((d) => !ignored.contains(d.path, d.span.start.offset));
  const outcome = applyDirectives(visible, directives, knownIds);
  const untouchable = outcome.suppressed.length === 0 ? ignored : rangeSetOf(ignoredPlaces);
  for (const d of outcome.suppressed) untouchable.add(d.path, d.span.start.offset, d.span.end.offset);
  const kept = untouchable.size === 0 ? outcome.kept : outcome.kept.map((d) => (d.fix && d.fix.edits.some((e) => untouchable.touches(e.path, e.range[0], e.range[1])) ? withoutFix(d) : d));
  const judged = runPhase(project, rules.filter((rule) => rule.meta.phase === 'directives'), settings, outcome);
  return sortFindings([...kept, ...judged.filter((d) => !ignored.contains(d.path, d.span.start.offset))]);
}

function runPhase(project: Project, rules: readonly Rule[], settings: Settings, directives: DirectiveReport): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const setting = settings[rule.meta.id];
    const severity = setting?.severity ?? rule.meta.severity;
    if (severity === 'off') continue;
    const options = resolveOptions(rule.meta, setting?.options);
    const shared = messageSharer();
    try {
      for (const report of rule.check(project, { options, directives })) {
        if (report.fix && !rule.meta.fixable) throw new Error(checkMessages.fixNotDeclared);
        diagnostics.push(stamped(report, shared(report.message), rule.meta.id, severity));
      }
    } catch (error) {
      throw error instanceof RuleError ? error : new RuleError(rule.meta.id, error);
    }
  }
  return diagnostics;
}

/**
 * The report with its message (shared, messageSharer) and the engine's ruleId and severity after the rule's own fields. Most
 * findings have no related place and no fix: those are built field by field, all with one
 * shape, which a pathological file's ~100,000 findings need (a spread per finding made
 * objects that were slow to build, sort and read: 0.3 s of the 1 MB many-headings check;
 * a duplicate heading's related place, 0.4 s of the 1 MB `### a` check).
 */
function stamped(report: Report, message: string, ruleId: string, severity: Severity): Diagnostic {
  if (report.fix === undefined) {
    if (report.related === undefined) return { path: report.path, span: report.span, message, ruleId, severity };
    return { path: report.path, span: report.span, message, related: report.related, ruleId, severity };
  }
  return { ...report, message, ruleId, severity };
}

/** More than the messages a rule repeats in a row (a heading's findings come together); few enough to stay small. */
const MESSAGES_KEPT = 1024;

/**
 * One string for equal messages, per rule. A rule writes its message afresh for each finding (a
 * template: a rope of pieces), so 1 MB of `### a` held 333,314 copies of two messages,
 * each joined into one flat string again by every report that read it: with one string per
 * message the heap keeps two, and the json and github reports of that file took 0.4–0.5 s less
 * CPU (of 2.4–2.9 s, load 6). A rule whose last MESSAGES_KEPT messages were all new (a file of
 * distinct headings) is not looked up again: each lookup hashed a new message into a map that
 * kept nothing, 0.1–0.25 s of the 92,000 findings of 1 MB of many headings.
 */
function messageSharer(): (message: string) => string {
  const known = new Map<string, string>();
  let newInARow = 0;
  return (message) => {
    if (newInARow >= MESSAGES_KEPT) return message;
    const seen = known.get(message);
    if (seen !== undefined) {
      newInARow = 0;
      return seen;
    }
    newInARow++;
    if (known.size === MESSAGES_KEPT) known.clear();
    known.set(message, message);
    return message;
  };
}

/**
 * The findings in compareDiagnostics order (path, line, column, rule, message), sorted once
 * by two numbers per finding computed up front (path and rule as ranks): a comparison then
 * reads two typed arrays, not three objects deep and two strings, and a rule's findings,
 * already in file order, are runs the sort merges. The 333,330 findings of 1 MB of `### a`
 * sorted in 0.17 s of CPU by compareDiagnostics, in 0.09 s so (load 11). Stable, as that sort was.
 */
function sortFindings(found: readonly Diagnostic[]): Diagnostic[] {
  const rank = (values: Iterable<string>) => new Map([...new Set(values)].sort(compareStrings).map((v, i) => [v, i]));
  const paths = rank(found.map((d) => d.path));
  const rules = rank(found.map((d) => d.ruleId));
  const major = new Float64Array(found.length);
  const minor = new Float64Array(found.length);
  const order = new Array<number>(found.length);
  for (let i = 0; i < found.length; i++) {
    const d = found[i]!;
    // A rule in plain JS may omit the position its type requires: the caller names that, not this sort.
    const start = (d.span as Diagnostic['span'] | undefined)?.start;
    major[i] = paths.get(d.path)! * LINE_RANGE + (start?.line ?? 0);
    minor[i] = (start?.column ?? 0) * RULE_RANGE + rules.get(d.ruleId)!;
    order[i] = i;
  }
  order.sort((a, b) => major[a]! - major[b]! || minor[a]! - minor[b]! || compareStrings(found[a]!.message, found[b]!.message));
  return order.map((i) => found[i]!);
}

/** Key ranges of sortFindings: lines and columns below 2^32 (inputs are capped far lower), fewer than 2^16 rules. */
const LINE_RANGE = 2 ** 32;
const RULE_RANGE = 2 ** 16;

function rangeSetOf(places: IgnoredRanges): RangeSet {
  const set = new RangeSet();
  for (const [path, ranges] of places) {
    if (ranges === 'file') set.addFile(path);
    else for (const [start, end] of ranges) set.add(path, start, end);
  }
  return set;
}

/** The directives of the markdown documents (index and decision files) that have any. */
function directivesOf(project: Project): Map<string, readonly Directive[]> {
  const docs: DirectiveSource[] = [...(project.index ? [project.index] : []), ...project.decisions];
  const byPath = new Map<string, readonly Directive[]>();
  for (const doc of docs) {
    if (!doc.text.includes('<!--')) continue;
    const directives = readDirectives(doc);
    if (directives.length > 0) byPath.set(doc.path, directives);
  }
  return byPath;
}

function withoutFix({ fix: _dropped, ...rest }: Diagnostic): Diagnostic {
  return rest;
}
