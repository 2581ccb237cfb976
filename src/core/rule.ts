import type { Diagnostic, Severity } from './diagnostic.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { Project } from '../model/project.js';
import type { DirectiveProblem } from './suppress.js';

export interface RuleMeta {
  /** Stable forever, `<area>/<name>`, equal to the rule's file path under src/rules/. */
  readonly id: string;
  /** One line, shown by `memdex rules`. */
  readonly description: string;
  /** Default; memdex.config.json may override it or turn the rule off. */
  readonly severity: Severity;
  /** The engine rejects fixes from rules that say false. */
  readonly fixable: boolean;
  /**
   * The options the rule takes (`rules.<id>.options` in memdex.config.json), as a
   * JSON Schema object with a `default` for each property. Absent: the rule takes no
   * options. memdex.config.json is checked against it (a usage error names the key),
   * the shipped config schema is generated from it, and the engine fills the defaults.
   */
  readonly options?: OptionsSchema;
  /**
   * 'directives': the rule judges the suppression comments (rules/directive/). The
   * engine runs it after the other rules and their suppression, hands it what the
   * comments did (RuleContext.directives), and its findings cannot be suppressed.
   */
  readonly phase?: 'directives';
}

/** A rule's options: an object of named, documented, defaulted properties. */
export interface OptionsSchema extends JsonSchema {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly properties: Readonly<Record<string, JsonSchema & { readonly description: string; readonly default: unknown }>>;
}

/** What a rule yields. The engine stamps ruleId and severity: rules cannot get identity wrong. */
export type Report = Omit<Diagnostic, 'ruleId' | 'severity'>;

/** Per-rule options from memdex.config.json (`rules.<id>.options`), validated against meta.options, defaults filled. */
export interface RuleContext {
  readonly options: Readonly<Record<string, unknown>>;
  /** What the suppression comments did (core/suppress.ts): filled for meta.phase 'directives', empty for the other rules. */
  readonly directives: DirectiveReport;
}

export interface DirectiveReport {
  /** Unknown directives and rule ids, unused disables and enables, in path and line order. */
  readonly problems: readonly DirectiveProblem[];
  /** The rule ids a directive may name. */
  readonly knownIds: readonly string[];
}

export interface Rule {
  readonly meta: RuleMeta;
  /** Pure: reads the frozen project, never touches files. */
  check(project: Project, context: RuleContext): Iterable<Report>;
}

export const defineRule = (rule: Rule): Rule => rule;
