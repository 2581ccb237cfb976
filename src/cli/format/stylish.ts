/**
 * Human output: one line per finding, `file:line:column  severity  message  rule`,
 * so every line is clickable in editors and matches the GitHub problem matcher in
 * .github/memdex-matcher.json; related places follow, indented.
 */
import type { ChalkInstance } from 'chalk';
import { escapeControls as safe } from '../../core/terminal-text.js';
import { relatedWhere, summaryCounts, where, type LocatedTree } from './located.js';
import { formatMessages as fm } from '../../messages/format.js';

/**
 * Written a line at a time, with chalk as cli/color.ts loads it; without colour (a pipe, a file, NO_COLOR) no chalk call per finding.
 * Each field is escaped (core/terminal-text.ts) before the colours: they are the only sequences printed.
 */
export function* formatStylish(trees: readonly LocatedTree[], chalk: ChalkInstance): Generator<string> {
  const color = chalk.level > 0;
  const error = chalk.red('error');
  const warning = chalk.yellow('warning');
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      const place = safe(where(tree.display(d.path), d));
      const severity = d.severity === 'error' ? error : warning;
      yield `${color ? chalk.underline(place) : place}  ${severity}  ${safe(d.message)}  ${color ? chalk.dim(safe(d.ruleId)) : safe(d.ruleId)}\n`;
      for (const r of d.related ?? []) {
        const text = safe(`${relatedWhere(tree, r)}: ${r.message}`);
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
