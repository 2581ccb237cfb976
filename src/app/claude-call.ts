/**
 * One structured question to Claude Code in print mode: how the default extractor
 * and evaluator (issue 12) call the model on the user's own subscription, with no
 * API key and no runtime dependency.
 *
 * The child is inert and invisible: LEARNER_FLAGS (src/playbook/learner-flags.ts says what
 * each flag prevents), run in a new, empty temporary folder, not the project.
 *
 * The prompt goes on stdin (a transcript excerpt is far above any argv limit). The
 * child runs with MEMDEX_HOOKS=0 and without CLAUDECODE: should any memdex hook run,
 * it does nothing, and the child runs as a fresh session rather than a nested one.
 *
 * `--output-format json` prints one object `{type: "result", is_error, result,
 * structured_output, ...}`; the reply is `structured_output`, checked here against
 * the same schema the client was given (src/model/json-schema.ts): the client's own
 * check is not relied on. Every way this can go wrong (no `claude`, a non-zero exit,
 * the timeout, output that is not that object, an error result such as a rate or
 * usage limit, a reply off the schema) is a failure with one sentence saying which;
 * the callers then change nothing.
 */
import { validateJson, type JsonSchema } from '../model/json-schema.js';
import { learnMessages as m } from '../messages/learn.js';
import { LEARNER_FLAGS } from '../playbook/learner-flags.js';
import type { Env, Host } from './host.js';
import type { CommandResult } from './port-types.js';

export const CLAUDE_EXECUTABLE = 'claude';

export interface ClaudeRequest {
  /** The resolved `claude` executable. */
  readonly executable: string;
  readonly model: string;
  readonly schema: JsonSchema;
  readonly prompt: string;
  readonly timeoutMs: number;
}

export type FailureKind = 'not-found' | 'timeout' | 'exit' | 'rate-limit' | 'not-json' | 'error' | 'schema' | 'old-client';

export type ClaudeAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly kind: FailureKind; readonly problem: string };

export function claudeArgs(model: string, schema: JsonSchema): string[] {
  return ['-p', '--model', model, '--output-format', 'json', '--json-schema', JSON.stringify(schema), ...LEARNER_FLAGS];
}

/** The caller's environment, minus CLAUDECODE, plus MEMDEX_HOOKS=0. */
export function claudeEnv(env: Env): Env {
  const { CLAUDECODE: _nested, ...rest } = env;
  return { ...rest, MEMDEX_HOOKS: '0' };
}

export async function askClaude(host: Host, request: ClaudeRequest): Promise<ClaudeAnswer> {
  const cwd = host.makeTempDir('memdex-learner-');
  try {
    const result = await host.runProgram(request.executable, claudeArgs(request.model, request.schema), {
      input: request.prompt,
      timeoutMs: request.timeoutMs,
      env: claudeEnv(host.env),
      cwd,
    });
    return readClaudeReply(result, request.schema, request.timeoutMs);
  } finally {
    host.removeDir(cwd);
  }
}

/** The client's refusal of a flag it does not know (commander: `error: unknown option '--safe-mode'`). */
const UNKNOWN_OPTION = /unknown option '([^']+)'/;

/** Words of the client's error results when a rate or usage limit stopped it. */
const RATE_LIMIT = /rate.?limit|usage limit|limit reached|\b429\b|overloaded/i;

/** The structured reply in a finished `claude -p --output-format json` run, or the failure. */
export function readClaudeReply(result: CommandResult, schema: JsonSchema, timeoutMs: number): ClaudeAnswer {
  if (result.reason === 'not-found') return { ok: false, kind: 'not-found', problem: m.notFound };
  if (result.reason === 'timeout') return { ok: false, kind: 'timeout', problem: m.timedOut(Math.round(timeoutMs / 1000)) };
  const printed = parseResult(result.stdout);
  if (result.error !== undefined || result.status !== 0) {
    const detail = printed?.message ?? (result.stderr.trim() || result.stdout.trim() || result.error || '');
    const unknown = UNKNOWN_OPTION.exec(detail);
    if (unknown !== null) return { ok: false, kind: 'old-client', problem: m.oldClient(unknown[1]!) };
    if (RATE_LIMIT.test(detail)) return { ok: false, kind: 'rate-limit', problem: m.rateLimited(detail) };
    return { ok: false, kind: 'exit', problem: m.exited(result.status, result.error ?? detail) };
  }
  if (printed === undefined) return { ok: false, kind: 'not-json', problem: m.notJson(result.stdout) };
  if (printed.isError) {
    return RATE_LIMIT.test(printed.message) ? { ok: false, kind: 'rate-limit', problem: m.rateLimited(printed.message) } : { ok: false, kind: 'error', problem: m.isError(printed.message) };
  }
  if (printed.structured === undefined) return { ok: false, kind: 'schema', problem: m.noStructured(printed.message) };
  const problems = validateJson(schema, printed.structured).map((p) => m.schemaProblem(p.pointer, p.message));
  return problems.length > 0 ? { ok: false, kind: 'schema', problem: m.schema(problems) } : { ok: true, value: printed.structured };
}

interface PrintedResult {
  readonly isError: boolean;
  readonly message: string;
  readonly structured: unknown;
}

/** The result object of `--output-format json`: the whole output, else its last line that is one (should the client print more). */
function parseResult(stdout: string): PrintedResult | undefined {
  for (const line of [stdout.trim(), ...stdout.trim().split('\n').reverse()]) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value) || (value as { type?: unknown }).type !== 'result') continue;
    const record = value as { is_error?: unknown; result?: unknown; subtype?: unknown; structured_output?: unknown };
    const message = typeof record.result === 'string' ? record.result : typeof record.subtype === 'string' ? record.subtype : '';
    return { isError: record.is_error === true, message, structured: record.structured_output ?? undefined };
  }
  return undefined;
}
