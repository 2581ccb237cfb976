/**
 * Which evaluator `memdex relevance evaluate` and the learning run use, and the
 * default one on `claude -p` (issue 12): the evaluator input every evaluator gets
 * (shown ids with their texts, the session's tags, the repository, the transcript
 * excerpt) rendered into templates/evaluator.txt, the reply checked against the
 * evaluation schema, its `evaluations` array then checked like any evaluator's
 * answer (scores in [-1, 1], only shown ids, only the session's tags) and applied
 * through the claim/lease queue (evaluate-pending.ts).
 */
import type { Config } from '../model/config.js';
import { DEFAULT_EVALUATOR_TEMPLATE, EVALUATION_REPLY_SCHEMA, EVALUATOR_PLACEHOLDERS, evaluatorPrompt } from '../relevance/evaluation-prompt.js';
import { askClaude, claudeEnv } from './claude-call.js';
import { commandEvaluator } from './command-evaluator.js';
import { commandApproved } from './command-approval.js';
import type { Env, Evaluator, Host } from './host.js';
import { defaultLearner, promptTemplate, type DefaultLearner } from './learn-settings.js';

export interface ChosenEvaluator {
  readonly evaluator: Evaluator;
  /** The command, or `claude -p --model haiku`. */
  readonly label: string;
}

/** The configured evaluator command: `--evaluator`, then MEMDEX_EVALUATOR, then config relevance.evaluator. */
export function evaluatorCommand(env: Env, configured: string | undefined, explicit?: string): string | undefined {
  return nonEmpty(explicit) ?? nonEmpty(env.MEMDEX_EVALUATOR) ?? configured;
}

/** Whether some evaluator would run (without loading a template: the session-start hook asks). */
export function hasEvaluator(host: Host, root: string, config: Config): boolean {
  const command = evaluatorCommand(host.env, config.relevance.evaluator);
  return command !== undefined ? approved(host, root, config, command) : defaultLearner(host, config) !== undefined;
}

/** The configured command, else the default on `claude -p`; undefined when neither is available. */
export function chooseEvaluator(host: Host, root: string, config: Config, timeoutMs: number, explicit?: string): ChosenEvaluator | undefined {
  const command = evaluatorCommand(host.env, config.relevance.evaluator, explicit);
  if (command !== undefined && !approved(host, root, config, command, explicit)) return undefined;
  if (command !== undefined) return { evaluator: commandEvaluator(host, command, root, timeoutMs, claudeEnv(host.env)), label: command };
  const learner = defaultLearner(host, config);
  return learner === undefined ? undefined : { evaluator: claudeEvaluator(host, learner, root, config, timeoutMs), label: learner.label };
}

export function claudeEvaluator(host: Host, learner: DefaultLearner, root: string, config: Config, timeoutMs: number): Evaluator {
  const template = promptTemplate(host, root, config.learn.evaluatorTemplate, DEFAULT_EVALUATOR_TEMPLATE, EVALUATOR_PLACEHOLDERS);
  return async (input) => {
    const answer = await askClaude(host, {
      executable: learner.executable,
      model: learner.model,
      schema: EVALUATION_REPLY_SCHEMA,
      prompt: evaluatorPrompt(template, input),
      timeoutMs,
    });
    return answer.ok ? { ok: true, value: (answer.value as { evaluations: unknown }).evaluations } : { ok: false, problem: `${learner.label} ${answer.problem}` };
  };
}

/** The repository's own command (not the environment's, not `--evaluator`) runs only when approved (command-approval.ts). */
function approved(host: Host, root: string, config: Config, command: string, explicit?: string): boolean {
  const fromRepository = evaluatorCommand(host.env, undefined, explicit) === undefined;
  return !fromRepository || commandApproved(host, root, 'relevance.evaluator', command);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
