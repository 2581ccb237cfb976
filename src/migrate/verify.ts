/**
 * Postconditions of a planned migration, checked on the project built from the new
 * texts before anything is written:
 *   1. the validator (the given rule list: `memdex check`'s registry) reports no error;
 *   2. every entry the migration wrote names exactly one heading (the model's pairing),
 *      in its section's file (true with any rule list, so a migration is never
 *      written unverified).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { runRules } from '../core/engine.js';
import type { Rule } from '../core/rule.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import { migrateMessages as msg } from '../messages/migrate.js';
import type { MigrationPlan } from './plan-migration.js';

/** The validator's errors on a project, each with its line `file:line:column: message (rule)`. */
export function validatorErrors(project: Project, rules: readonly Rule[]): { readonly diagnostic: Diagnostic; readonly text: string }[] {
  return runRules(project, rules)
    .filter((d) => d.severity === 'error')
    .map((d) => ({ diagnostic: d, text: msg.validatorProblem(d.span ? `${d.path}:${d.span.start.line}:${d.span.start.column}` : d.path, d.message, d.ruleId) }));
}

export function verifyMigration(after: Project, plan: MigrationPlan, rules: readonly Rule[]): string[] {
  const problems: string[] = [];
  for (const error of validatorErrors(after, rules)) problems.push(error.text);
  const { headingsOf } = pairing(after);
  const index = after.index;
  for (const entry of plan.entries) {
    const written = index?.entries.find((e) => e.key === entry.key && index.sections[e.section]?.path === entry.file);
    const headings = (written ? (headingsOf.get(written) ?? []) : []).filter((h) => h.path === entry.file);
    if (headings.length !== 1) problems.push(msg.unresolved(entry.entry, entry.file, headings.length));
  }
  return problems;
}

/** The texts of the tree after the plan: the project's files with the changes applied. */
export function filesAfter(before: ReadonlyMap<string, string>, plan: MigrationPlan): Map<string, string> {
  const files = new Map(before);
  for (const [path, change] of plan.changes) if (files.has(path)) files.set(path, change.after);
  return files;
}
