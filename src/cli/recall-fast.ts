/**
 * The hook call's fastest path, bundled alone as CommonJS (dist/recall.cjs): no ESM
 * loader start-up, no model, no yargs. It answers `memdex when|how|resolve` when
 * every query is a trigger (exact or fuzzy) of an unchanged tree (the cached recall table).
 * Otherwise it returns a handoff for the full CLI (resolve-command.ts): the parsed
 * request with the cache stamps it validated, or after an error only what cannot
 * be read twice (stdin); bin/memdex.cjs passes it on. Undefined: nothing done.
 */
import type { Operator } from '../model/keys.js';
import { readStdin } from '../node/read-stdin.js';
import type { Handover } from './registry.js';
import { answerFromTable, prepareResolve, writeResults, type ResolveRequest } from './resolve-command.js';

export function tryRecall(command: string, argv: readonly string[]): number | Handover | undefined {
  const operator: Operator | undefined = command === 'when' ? 'when' : command === 'how' ? 'how' : undefined;
  let stdin: string | undefined;
  let request: ResolveRequest | 'help';
  try {
    request = prepareResolve(command, operator, argv, () => (stdin ??= readStdin()));
  } catch {
    return stdin === undefined ? undefined : { stdin }; // the full CLI redoes it and reports the error
  }
  if (request === 'help') return undefined;
  const { source: _source, ...plain } = request;
  let answer: ReturnType<typeof answerFromTable>;
  try {
    answer = answerFromTable(request);
  } catch {
    return { recall: { command, request: plain, stamps: null } }; // the full resolver meets the same error and reports it
  }
  if ('results' in answer) return writeResults(answer.results, request);
  return { recall: { command, request: plain, stamps: answer.stamps } };
}
