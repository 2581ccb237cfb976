/**
 * Stage 1 of `memdex when|how|resolve` (stages.ts), bundled alone as CommonJS
 * (dist/when.cjs): it answers when every query is an exact trigger of an unchanged
 * tree (the cached trigger table), with no model, no yargs, no fuzzy engine.
 *
 * Returns the exit code when it answered; otherwise a handover for the next stage
 * (bin/memdex.cjs passes it on): the request with what was read of the table, or
 * after an error only what cannot be read twice (stdin). Undefined: nothing done.
 */
import type { WhenRequest } from '../app/when.js';
import { answerFromTable } from '../app/when.js';
import { nodeWhenHost } from '../node/when-host.js';
import { openExactTable } from '../resolve/trigger-lines.js';
import { prepareResolve } from './request.js';
import type { Handover } from './stages.js';
import { writeResults } from './write-results.js';

export function tryExact(command: string, argv: readonly string[]): number | Handover | undefined {
  let stdin: string | undefined;
  const machine = nodeWhenHost();
  const host = { ...machine, stdin: () => (stdin ??= machine.stdin()) };
  let request: WhenRequest | 'help';
  try {
    request = prepareResolve(host, command, argv);
  } catch {
    return stdin === undefined ? undefined : { stdin }; // the full CLI redoes it and reports the error
  }
  if (request === 'help') return undefined;
  let answer: ReturnType<typeof answerFromTable>;
  try {
    answer = answerFromTable(host, request, (text) => openExactTable(text));
  } catch {
    return { when: { command, request, stamps: null } }; // the full resolver meets the same error and reports it
  }
  if ('results' in answer) return writeResults(host, answer.results, request);
  return { when: { command, request, ...answer } };
}
