import { spawnSync } from 'node:child_process';
import { messages } from '../messages/relevance.js';
import { parseEvaluatorJson } from '../relevance/evaluation.js';
import type { Env } from '../app/host.js';
import type { Evaluator } from '../app/port-types.js';

/** Far above any real answer; stops a runaway command from filling memory. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * A configured evaluator command as an Evaluator: run through the shell, JSON on
 * stdin, in `cwd`, its stdout parsed as JSON. It runs in `env`, the default
 * learner's environment (src/app/claude-call.ts claudeEnv: MEMDEX_HOOKS=0, the hooks'
 * off switch, so an evaluator that starts an agent does not feed that agent's
 * session back into the queue; no CLAUDECODE, so `claude -p` runs as a fresh session).
 */
export function commandEvaluator(command: string, cwd: string, timeoutMs: number, env: Env): Evaluator {
  return async (input) => {
    const result = spawnSync(command, {
      cwd,
      shell: true,
      input: `${JSON.stringify(input)}\n`,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: MAX_OUTPUT_BYTES,
      env: env as NodeJS.ProcessEnv,
    });
    if (result.error) {
      const code = (result.error as NodeJS.ErrnoException).code;
      return { ok: false, problem: code === 'ETIMEDOUT' ? messages.evaluatorTimeout(timeoutMs) : messages.evaluatorSpawn(result.error.message) };
    }
    if (result.status !== 0) return { ok: false, problem: messages.evaluatorExit(result.status, result.signal, result.stderr ?? '') };
    return parseEvaluatorJson(result.stdout ?? '');
  };
}
