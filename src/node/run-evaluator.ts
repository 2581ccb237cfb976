import { spawnSync } from 'node:child_process';
import { claudeEnv } from '../app/claude-call.js';
import { messages } from '../messages/relevance.js';
import { parseEvaluatorJson } from '../relevance/evaluation.js';
import type { Evaluator } from '../app/port-types.js';

/** `claude -p` on a long transcript takes tens of seconds; five minutes is the predecessor's limit. */
export const EVALUATOR_TIMEOUT_MS = 5 * 60_000;
/** Far above any real answer; stops a runaway command from filling memory. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * A configured evaluator command as an Evaluator: run through the shell, JSON on
 * stdin, in `cwd`, its stdout parsed as JSON. It runs in the default learner's
 * environment (claudeEnv: MEMDEX_HOOKS=0, the hooks' off switch, so an evaluator
 * that starts an agent does not feed that agent's session back into the queue; no
 * CLAUDECODE, so `claude -p` runs as a fresh session).
 */
export function commandEvaluator(command: string, cwd: string, timeoutMs = EVALUATOR_TIMEOUT_MS): Evaluator {
  return async (input) => {
    const result = spawnSync(command, {
      cwd,
      shell: true,
      input: `${JSON.stringify(input)}\n`,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: MAX_OUTPUT_BYTES,
      env: claudeEnv(process.env),
    });
    if (result.error) {
      const code = (result.error as NodeJS.ErrnoException).code;
      return { ok: false, problem: code === 'ETIMEDOUT' ? messages.evaluatorTimeout(timeoutMs) : messages.evaluatorSpawn(result.error.message) };
    }
    if (result.status !== 0) return { ok: false, problem: messages.evaluatorExit(result.status, result.signal, result.stderr ?? '') };
    return parseEvaluatorJson(result.stdout ?? '');
  };
}
