/**
 * The hook call's fastest path, bundled alone as CommonJS (dist/recall.cjs): no ESM
 * loader start-up, no model, no yargs. It answers `memdex when|how|resolve` when
 * every query is an exact trigger of an unchanged tree (the cached recall table);
 * otherwise it returns undefined and bin/memdex.cjs hands the same command to the
 * full CLI, which also reports any error.
 */
import type { Operator } from '../model/keys.js';
import { answerFromTable, prepareResolve, writeResults } from './resolve-command.js';
export { stdinRead } from './resolve-command.js';

export function tryRecall(command: string, argv: readonly string[]): number | undefined {
  const operator: Operator | undefined = command === 'when' ? 'when' : command === 'how' ? 'how' : undefined;
  try {
    const request = prepareResolve(command, operator, argv);
    if (request === 'help') return undefined;
    const results = answerFromTable(request);
    return results ? writeResults(results, request) : undefined;
  } catch {
    return undefined; // the full CLI redoes it and reports the error properly
  }
}
