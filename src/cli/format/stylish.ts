/**
 * Human output: one line per finding, `file:line:column  severity  message  rule`,
 * so every line is clickable in editors and matches the GitHub problem matcher in
 * .github/memdex-matcher.json; related places follow, indented.
 */
import chalk from 'chalk';
import { relatedWhere, summaryCounts, where, type LocatedTree } from './located.js';
import { formatMessages as fm } from '../../messages/format.js';

/** Written a line at a time; without colour (a pipe, a file, NO_COLOR) no chalk call per finding. */
export function* formatStylish(trees: readonly LocatedTree[]): Generator<string> {
  const color = chalk.level > 0;
  const error = chalk.red('error');
  const warning = chalk.yellow('warning');
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      const place = where(tree.display(d.path), d);
      const severity = d.severity === 'error' ? error : warning;
      yield `${color ? chalk.underline(place) : place}  ${severity}  ${d.message}  ${color ? chalk.dim(d.ruleId) : d.ruleId}\n`;
      for (const r of d.related ?? []) {
        const text = `${relatedWhere(tree, r)}: ${r.message}`;
        yield `    ${color ? chalk.dim(text) : text}\n`;
      }
    }
  }
  const { errors, warnings, fixable } = summaryCounts(trees);
  if (errors + warnings > 0) {
    yield `\n${(errors > 0 ? chalk.red.bold : chalk.yellow.bold)(fm.summary(errors, warnings))}\n`;
    if (fixable > 0) yield `${chalk.dim(fm.fixableHint(fixable))}\n`;
  }
}
