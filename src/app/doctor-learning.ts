/**
 * Which commands the learning loop runs (the extractor at session end and
 * pre-compact, the evaluator in `memdex relevance evaluate`) and where each came
 * from, for `memdex doctor`.
 *
 * When neither the environment nor memdex.config.json names a command, the
 * default runs `claude -p --model <learn.model>` (learn-settings.ts), so doctor
 * checks that `claude` is on PATH, unless the default is switched off
 * (`learn.enabled: false`, MEMDEX_LEARN=0). What the steps did last is read
 * from their outcome record (learning-outcomes.ts).
 */
import type { Config } from '../model/config.js';
import { learnMessages } from '../messages/learn.js';
import type { Env } from './host.js';
import { evaluatorCommand } from './default-evaluator.js';
import { extractorCommand } from './extract-playbook.js';
import { learnerSwitchedOff } from './learn-settings.js';

export type LearningSource =
  | { readonly kind: 'env'; readonly name: string }
  | { readonly kind: 'config'; readonly key: string }
  | { readonly kind: 'default' }
  /** No command configured and the default switched off: the step does not run. */
  | { readonly kind: 'off'; readonly why: 'config' | 'env' };

export interface LearningCommand {
  readonly role: 'extractor' | 'evaluator';
  readonly command: string;
  readonly source: LearningSource;
  /** The key and the variable that set it, for the fix. */
  readonly key: string;
  readonly env: string;
}

export function learningCommands(env: Env, config: Config): readonly LearningCommand[] {
  const extractor = extractorCommand(env, undefined);
  const evaluator = evaluatorCommand(env, undefined);
  return [
    entry('extractor', extractor, 'MEMDEX_EXTRACTOR', config.playbook.extractor, 'playbook.extractor', env, config),
    entry('evaluator', evaluator, 'MEMDEX_EVALUATOR', config.relevance.evaluator, 'relevance.evaluator', env, config),
  ];
}

function entry(role: LearningCommand['role'], fromEnv: string | undefined, envName: string, configured: string | undefined, key: string, env: Env, config: Config): LearningCommand {
  if (fromEnv !== undefined) return { role, command: fromEnv, source: { kind: 'env', name: envName }, key, env: envName };
  if (configured !== undefined) return { role, command: configured, source: { kind: 'config', key }, key, env: envName };
  // programOf finds `claude` as the label's first word.
  const off = learnerSwitchedOff(env, config);
  const command = learnMessages.claudeLabel(config.learn.model);
  return { role, command, source: off === undefined ? { kind: 'default' } : { kind: 'off', why: off }, key, env: envName };
}

/**
 * The program a command line starts: its first word, quotes removed and
 * `$VAR`/`${VAR}` taken from the environment (as the shell will).
 */
export function programOf(command: string, env: Env): string {
  const word = /^\s*("[^"]*"|'[^']*'|\S+)/.exec(command)?.[1] ?? '';
  return word.replace(/^["']|["']$/g, '').replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => env[name] ?? '');
}
