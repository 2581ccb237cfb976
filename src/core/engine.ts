import { compareDiagnostics, type Diagnostic } from './diagnostic.js';
import type { Rule } from './rule.js';
import type { Project } from '../model/project.js';
import type { RuleConfig } from '../model/config.js';
import { resolveOptions } from './rule-options.js';
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

/**
 * Runs every enabled rule over the read-only project. The engine, not the rule,
 * stamps ruleId and severity, refuses fixes from rules not marked fixable, and
 * hands each rule its options checked against meta.options with the defaults filled
 * (invalid options are a UsageError: memdex.config.json is checked with locations
 * before this, by core/rule-options.ts; this guards the library API).
 * Results are sorted by path, line, column, rule: deterministic output.
 */
export function runRules(
  project: Project,
  rules: readonly Rule[],
  settings: Readonly<Record<string, RuleConfig>> = project.config.rules,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const setting = settings[rule.meta.id];
    const severity = setting?.severity ?? rule.meta.severity;
    if (severity === 'off') continue;
    const options = resolveOptions(rule.meta, setting?.options);
    try {
      for (const report of rule.check(project, { options })) {
        if (report.fix && !rule.meta.fixable) throw new Error(checkMessages.fixNotDeclared);
        diagnostics.push({ ...report, ruleId: rule.meta.id, severity });
      }
    } catch (error) {
      throw error instanceof RuleError ? error : new RuleError(rule.meta.id, error);
    }
  }
  return diagnostics.sort(compareDiagnostics);
}
