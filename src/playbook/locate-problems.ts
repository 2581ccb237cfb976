/** Turns data problems into `file:line:column: message` lines, for errors the user must fix. */
import { offsetToLocation } from '../model/lines.js';
import { locateJsonPointer } from '../model/json-tree.js';
import type { Problem } from './types.js';

export function describeProblems(displayPath: string, text: string, problems: readonly Problem[]): string {
  return problems
    .map((problem) => {
      const at = problem.offset !== undefined ? offsetToLocation(text, problem.offset) : locateJsonPointer(text, problem.pointer);
      return `${displayPath}:${at.line}:${at.column}: ${problem.message}`;
    })
    .join('\n');
}
