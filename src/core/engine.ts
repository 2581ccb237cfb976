import { compareDiagnostics, type Diagnostic, type Severity } from './diagnostic.js';
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
  if (ignored.size === 0 && directives.size === 0) return found.sort(compareDiagnostics); // nothing set aside, nothing to judge
  const visible = found.filter((d) => !ignored.contains(d.path, d.span.start.offset));
  const outcome = applyDirectives(visible, directives, knownIds);
  const untouchable = outcome.suppressed.length === 0 ? ignored : rangeSetOf(ignoredPlaces);
  for (const d of outcome.suppressed) untouchable.add(d.path, d.span.start.offset, d.span.end.offset);
  const kept = untouchable.size === 0 ? outcome.kept : outcome.kept.map((d) => (d.fix && d.fix.edits.some((e) => untouchable.touches(e.path, e.range[0], e.range[1])) ? withoutFix(d) : d));
  const judged = runPhase(project, rules.filter((rule) => rule.meta.phase === 'directives'), settings, outcome);
  return [...kept, ...judged.filter((d) => !ignored.contains(d.path, d.span.start.offset))].sort(compareDiagnostics);
}

function runPhase(project: Project, rules: readonly Rule[], settings: Settings, directives: DirectiveReport): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const setting = settings[rule.meta.id];
    const severity = setting?.severity ?? rule.meta.severity;
    if (severity === 'off') continue;
    const options = resolveOptions(rule.meta, setting?.options);
    try {
      for (const report of rule.check(project, { options, directives })) {
        if (report.fix && !rule.meta.fixable) throw new Error(checkMessages.fixNotDeclared);
        diagnostics.push(stamped(report, rule.meta.id, severity));
      }
    } catch (error) {
      throw error instanceof RuleError ? error : new RuleError(rule.meta.id, error);
    }
  }
  return diagnostics;
}

/**
 * The report with the engine's ruleId and severity after the rule's own fields. Most
 * findings have no related place and no fix: those are built field by field, all with one
 * shape, which a pathological file's ~100,000 findings need (a spread per finding made
 * objects that were slow to build, sort and read: 0.3 s of the 1 MB many-headings check).
 */
function stamped(report: Report, ruleId: string, severity: Severity): Diagnostic {
  if (report.related === undefined && report.fix === undefined) return { path: report.path, span: report.span, message: report.message, ruleId, severity };
  return { ...report, ruleId, severity };
}

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
