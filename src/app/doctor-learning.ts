/**
 * Which commands the learning loop runs (the extractor at session end and
 * pre-compact, the evaluator in `memdex relevance evaluate`) and where each came
 * from, for `memdex doctor`.
 *
 * The seam for the default extractor and evaluator (built on `claude -p`): when
 * neither the environment nor memdex.config.json names a command, the default
 * runs DEFAULT_LEARNING_PROGRAM, so doctor checks that it is on PATH. When the
 * defaults land, `learningCommands` is the one place to name their command lines
 * (and a reader of their last outcomes goes next to it); until then doctor reads
 * the outcomes that exist already: failed evaluations in the relevance store and
 * extractor failures in the hook log.
 */
import type { Config } from '../model/config.js';
import type { Env } from './host.js';
import { extractorCommand } from './extract-playbook.js';

/** The program the default extractor and evaluator run (`claude -p`). */
export const DEFAULT_LEARNING_PROGRAM = 'claude';

export type LearningSource = { readonly kind: 'env'; readonly name: string } | { readonly kind: 'config'; readonly key: string } | { readonly kind: 'default' };

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
  const evaluator = env.MEMDEX_EVALUATOR?.trim() || undefined;
  return [
    entry('extractor', extractor, 'MEMDEX_EXTRACTOR', config.playbook.extractor, 'playbook.extractor'),
    entry('evaluator', evaluator, 'MEMDEX_EVALUATOR', config.relevance.evaluator, 'relevance.evaluator'),
  ];
}

function entry(role: LearningCommand['role'], fromEnv: string | undefined, envName: string, configured: string | undefined, key: string): LearningCommand {
  if (fromEnv !== undefined) return { role, command: fromEnv, source: { kind: 'env', name: envName }, key, env: envName };
  if (configured !== undefined) return { role, command: configured, source: { kind: 'config', key }, key, env: envName };
  return { role, command: `${DEFAULT_LEARNING_PROGRAM} -p`, source: { kind: 'default' }, key, env: envName };
}

/**
 * The program a command line starts: its first word, quotes removed and
 * `$VAR`/`${VAR}` taken from the environment (as the shell will).
 */
export function programOf(command: string, env: Env): string {
  const word = /^\s*("[^"]*"|'[^']*'|\S+)/.exec(command)?.[1] ?? '';
  return word.replace(/^["']|["']$/g, '').replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => env[name] ?? '');
}
