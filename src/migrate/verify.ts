/**
 * Postconditions of a planned migration, checked on the project built from the new
 * texts before anything is written:
 *   1. the validator (the given rule list: `memdex check`'s registry) reports no error;
 *   2. every entry the migration wrote names exactly one heading (the model's pairing),
 *      in its section's file (true with any rule list, so a migration is never
 *      written unverified).
 */
import { runRules } from '../core/engine.js';
import type { Rule } from '../core/rule.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import { migrateMessages as msg } from '../messages/migrate.js';
import type { MigrationPlan } from './plan-migration.js';

export function verifyMigration(after: Project, plan: MigrationPlan, rules: readonly Rule[]): string[] {
  const problems: string[] = [];
  for (const d of runRules(after, rules)) {
    if (d.severity !== 'error') continue;
    const where = d.span ? `${d.path}:${d.span.start.line}:${d.span.start.column}` : d.path;
    problems.push(`${where}: ${d.message} (${d.ruleId})`);
  }
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
