import type { Diagnostic, Severity } from './diagnostic.js';
import type { Project } from '../model/project.js';

export interface RuleMeta {
  /** Stable forever, `<area>/<name>`, equal to the rule's file path under src/rules/. */
  readonly id: string;
  /** One line, shown by `memdex rules`. */
  readonly description: string;
  /** Default; memdex.config.json may override it or turn the rule off. */
  readonly severity: Severity;
  /** The engine rejects fixes from rules that say false. */
  readonly fixable: boolean;
}

/** What a rule yields. The engine stamps ruleId and severity: rules cannot get identity wrong. */
export type Report = Omit<Diagnostic, 'ruleId' | 'severity'>;

/** Per-rule options from memdex.config.json (`rules.<id>.options`), passed through as data. */
export interface RuleContext {
  readonly options: Readonly<Record<string, unknown>>;
}

export interface Rule {
  readonly meta: RuleMeta;
  /** Pure: reads the frozen project, never touches files. */
  check(project: Project, context: RuleContext): Iterable<Report>;
}

export const defineRule = (rule: Rule): Rule => rule;
