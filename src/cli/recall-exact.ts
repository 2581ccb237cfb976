/**
 * The hook call's fastest path, bundled alone as CommonJS (dist/recall.cjs): no ESM
 * loader start-up, no model, no yargs, no fuzzy engine. It answers `memdex
 * when|how|resolve` when every query is an exact trigger of an unchanged tree (the
 * cached recall table). Start-up is most of such a call, and V8 compiles what a
 * bundle holds before it runs, so this one holds only that path: the fuzzy engine
 * is another bundle (recall-fast.ts), loaded when the exact stage cannot answer.
 *
 * Returns the exit code when it answered; otherwise a handover for the next stage
 * (bin/memdex.cjs passes it on): the parsed request with what was read of the
 * table (resolve-request.ts), or after an error only what cannot be read twice
 * (stdin). Undefined: nothing done.
 */
import { readStdin } from '../node/read-stdin.js';
import { openExactTable } from '../resolve/recall-lines.js';
import type { Handover } from './registry.js';
import { answerFromTable, operatorOf, prepareResolve, type ResolveRequest } from './resolve-request.js';
import { writeResults } from './write-results.js';

export function tryExact(command: string, argv: readonly string[]): number | Handover | undefined {
  let stdin: string | undefined;
  let request: ResolveRequest | 'help';
  try {
    request = prepareResolve(command, operatorOf(command), argv, () => (stdin ??= readStdin()));
  } catch {
    return stdin === undefined ? undefined : { stdin }; // the full CLI redoes it and reports the error
  }
  if (request === 'help') return undefined;
  const { source: _source, ...plain } = request;
  let answer: ReturnType<typeof answerFromTable>;
  try {
    answer = answerFromTable(request, (text) => openExactTable(text));
  } catch {
    return { recall: { command, request: plain, stamps: null } }; // the full resolver meets the same error and reports it
  }
  if ('results' in answer) return writeResults(answer.results, request);
  return { recall: { command, request: plain, ...answer } };
}
