/** Config problems as the user reads them: `memdex.config.json:3:42: rules["decision/line-limit"].options.max must be …`. */
import { configMessages as m } from '../messages/config.js';
import type { ConfigProblem } from './config.js';
import { locateJsonPointer } from './json-locate.js';

/** One line per problem, located in the file's text, under a header naming the file. */
export function describeConfigProblems(file: string, text: string, problems: readonly ConfigProblem[]): string {
  const lines = problems.map((problem) => {
    const at = locateJsonPointer(text, problem.pointer);
    return m.problemLine(file, at.line, at.column, pointerToKey(problem.pointer), problem.message);
  });
  return [m.invalid(file, problems.length), ...lines].join('\n');
}

/** `/rules/decision~1line-limit/options/max` → `rules["decision/line-limit"].options.max`: the key as the user reads it. */
export function pointerToKey(pointer: string): string {
  if (pointer === '' || pointer === '/') return m.root;
  let key = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) key += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) key += key === '' ? segment : `.${segment}`;
    else key += `[${JSON.stringify(segment)}]`;
  }
  return key;
}
