/** Config problems as the user reads them: `memdex.config.json:3:42: rules["decision/line-limit"].options.max must be …`. */
import { configMessages as m } from '../messages/config.js';
import type { ConfigProblem } from './config.js';
import { offsetToLocation } from './lines.js';
import type { Point } from './span.js';
import { member, parseJsonTree } from './json-tree.js';

/** One line per problem, located in the file's text, under a header naming the file. */
export function describeConfigProblems(file: string, text: string, problems: readonly ConfigProblem[]): string {
  const lines = problems.map((problem) => {
    const at = locateProblem(text, problem);
    return m.problemLine(file, at.line, at.column, pointerToKey(problem.pointer), problem.message);
  });
  return [m.invalid(file, problems.length), ...lines].join('\n');
}

/**
 * Where a problem is in the file: the value its pointer names or, for a key that
 * should not be there (an unknown rule id or option), the key itself. A pointer that
 * goes deeper than the file (a missing key) stops at the closest existing ancestor.
 */
export function locateProblem(text: string, problem: ConfigProblem): Point {
  const tree = parseJsonTree(text);
  if (!tree.ok) return offsetToLocation(text, 0);
  let node = tree.root;
  let keyStart: number | undefined;
  for (const segment of segmentsOf(problem.pointer)) {
    const next = node.kind === 'object' ? member(node, segment) : undefined;
    const item = node.kind === 'array' ? node.items[Number(segment)] : undefined;
    if (next) {
      keyStart = next.keyRange.start;
      node = next.value;
    } else if (item) {
      keyStart = undefined;
      node = item;
    } else break;
  }
  return offsetToLocation(text, problem.atKey && keyStart !== undefined ? keyStart : node.start);
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' || pointer === '/' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `/rules/decision~1line-limit/options/max` → `rules["decision/line-limit"].options.max`: the key as the user reads it. */
export function pointerToKey(pointer: string): string {
  if (pointer === '' || pointer === '/') return m.root;
  let key = '';
  for (const segment of segmentsOf(pointer)) {
    if (/^\d+$/.test(segment)) key += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) key += key === '' ? segment : `.${segment}`;
    else key += `[${JSON.stringify(segment)}]`;
  }
  return key;
}
