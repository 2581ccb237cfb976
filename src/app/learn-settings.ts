/**
 * Whether the default extractor and evaluator run, and with what: they are used
 * when no command is configured, `learn.enabled` is not false, MEMDEX_LEARN is not
 * 0, and `claude` is on the PATH (docs/playbook.md, "Learning").
 */
import { missingPlaceholders } from '../core/fill-template.js';
import { UsageError } from '../core/errors.js';
import { learnMessages } from '../messages/learn.js';
import type { Config } from '../model/config.js';
import type { Env, Host } from './host.js';
import { CLAUDE_EXECUTABLE } from './claude-call.js';

export interface DefaultLearner {
  /** The `claude` found on the PATH. */
  readonly executable: string;
  readonly model: string;
  /** For log lines and outcome records: `claude -p --model haiku`. */
  readonly label: string;
  readonly maxExcerptChars: number;
}

/** What switched the default learner off (`learn.enabled: false`, then MEMDEX_LEARN=0), undefined when it is on. */
export function learnerSwitchedOff(env: Env, config: Config): 'config' | 'env' | undefined {
  return !config.learn.enabled ? 'config' : env.MEMDEX_LEARN === '0' ? 'env' : undefined;
}

/** The default learner, or undefined when it is switched off or `claude` is not found. */
export function defaultLearner(host: Host, config: Config): DefaultLearner | undefined {
  if (learnerSwitchedOff(host.env, config) !== undefined) return undefined;
  const executable = host.findExecutable(CLAUDE_EXECUTABLE);
  if (executable === undefined) return undefined;
  return { executable, model: config.learn.model, label: learnMessages.claudeLabel(config.learn.model), maxExcerptChars: config.learn.maxExcerptChars };
}

/** A prompt template: the configured file (root-relative), else the shipped one; it must keep `required` placeholders. */
export function promptTemplate(host: Host, root: string, configured: string | undefined, shipped: string, required: readonly string[]): string {
  if (configured === undefined) return shipped;
  const template = host.readText(host.resolvePath(root, configured), configured);
  const missing = missingPlaceholders(template, required);
  if (missing.length > 0) throw new UsageError(learnMessages.templateMissing(configured, missing));
  return template;
}
