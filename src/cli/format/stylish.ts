/**
 * Human output: one line per finding, `file:line:column  severity  message  rule`,
 * so every line is clickable in editors and matches the GitHub problem matcher in
 * .github/memdex-matcher.json; related places follow, indented.
 */
import chalk from 'chalk';
import { summaryCounts, where, type Located } from './located.js';
import { formatMessages as fm } from '../../messages/format.js';

export function formatStylish(diagnostics: readonly Located[]): string {
  const lines: string[] = [];
  for (const d of diagnostics) {
    const severity = d.severity === 'error' ? chalk.red('error') : chalk.yellow('warning');
    lines.push(`${chalk.underline(where(d.displayPath, d))}  ${severity}  ${d.message}  ${chalk.dim(d.ruleId)}`);
    for (const r of d.relatedDisplay) lines.push(`    ${chalk.dim(`${r.where}: ${r.message}`)}`);
  }
  const { errors, warnings, fixable } = summaryCounts(diagnostics);
  if (errors + warnings > 0) {
    lines.push('', (errors > 0 ? chalk.red.bold : chalk.yellow.bold)(fm.summary(errors, warnings)));
    if (fixable > 0) lines.push(chalk.dim(fm.fixableHint(fixable)));
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
