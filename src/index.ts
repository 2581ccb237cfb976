/**
 * memdex public API (docs/api.md): two high-level functions, check and loadProject,
 * which read a memory tree from disk or take its texts; the rest is pure functions and
 * types (text and data in, values out). The other adapters (CLI, hooks, git, writes)
 * are not exported: the CLI and the hooks are the interfaces for those.
 */
export type { Diagnostic, Edit, Fix, Point, Related, Severity, Span } from './core/diagnostic.js';
export { defineRule, type OptionsSchema, type Rule, type RuleMeta, type Report } from './core/rule.js';
export { runRules, RuleError } from './core/engine.js';
export { checkRuleSettings } from './core/rule-options.js';
export { applyEdits } from './core/edits.js';
export { fixUntilStable, type FixResult } from './core/fix.js';
export { buildProject, isDecisionPath } from './model/build-project.js';
export { DEFAULT_CONFIG, parseConfig, type Config } from './model/config.js';
export { entryKey, foldKey, headingForEntry, headingKey, headingOperator, type Operator } from './model/keys.js';
export type { Project } from './model/project.js';
export type { DecisionFile, DecisionHeading } from './model/decision-file.js';
export type { IndexEntry, IndexSection, MemoryIndex } from './model/memory-index.js';
export { allRules, memoryTreeRules } from './rules/registry.js';
export * from './fuzzy/index.js';
export * from './resolve/index.js';
export { planMigration } from './migrate/plan-migration.js';
export { parseMapping, formatMapping } from './migrate/mapping.js';
export * from './playbook/index.js';
export * from './relevance/index.js';
export * from './suggest/index.js';
export * from './transcript/index.js';
export { check, loadProject, type CheckOptions, type Files, type LoadOptions } from './library.js';
export { InputError, MemdexError, UsageError } from './core/errors.js';
