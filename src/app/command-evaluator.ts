import { messages } from '../messages/relevance.js';
import { parseEvaluatorJson } from '../relevance/evaluation.js';
import type { AgentHost, Env } from './host.js';
import type { Evaluator } from './port-types.js';

/**
 * A configured evaluator command as an Evaluator: run through the shell, JSON on
 * stdin, in `cwd`, its stdout parsed as JSON. It runs in `env`, the default
 * learner's environment (claude-call.ts claudeEnv: MEMDEX_HOOKS=0, the hooks' off
 * switch, so an evaluator that starts an agent does not feed that agent's session
 * back into the queue; no CLAUDECODE, so `claude -p` runs as a fresh session).
 */
export function commandEvaluator(host: Pick<AgentHost, 'runShellCommand'>, command: string, cwd: string, timeoutMs: number, env: Env): Evaluator {
  return async (input) => {
    const result = await host.runShellCommand(command, undefined, { input: `${JSON.stringify(input)}\n`, timeoutMs, env, cwd });
    if (result.reason === 'timeout') return { ok: false, problem: messages.evaluatorTimeout(timeoutMs) };
    if (result.reason === 'not-found' || result.reason === 'other') return { ok: false, problem: messages.evaluatorSpawn(result.error ?? '') };
    if (result.status !== 0) return { ok: false, problem: messages.evaluatorExit(result.status, result.signal ?? null, result.stderr) };
    return parseEvaluatorJson(result.stdout);
  };
}
