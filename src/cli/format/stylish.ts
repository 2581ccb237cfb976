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
 * The findings printed per rule per file. A file that breaks one rule thousands of times
 * (a generated or pasted file: 1 MB of `### a` gives 333,000 findings) is one problem to a
 * reader, and printing them all took most of `check`'s 14 s on that file; as clang's
 * -ferror-limit and gcc's -fmax-errors do, the terminal report stops at a number a person
 * reads, says how many more there are, and keeps them in the count and in the machine formats
 * (json, sarif, junit, github list every finding).
 */
export const SHOWN_PER_RULE_PER_FILE = 50;

/**
 * Written a line at a time, with chalk as cli/color.ts loads it; without colour (a pipe, a file, NO_COLOR) no chalk call per finding.
 * Each field is escaped (core/terminal-text.ts) before the colours: they are the only sequences printed.
 */
export function* formatStylish(trees: readonly LocatedTree[], chalk: ChalkInstance): Generator<string> {
  const color = chalk.level > 0;
  const error = chalk.red('error');
  const warning = chalk.yellow('warning');
  for (const tree of trees) {
    // Findings per file then rule (no key string built per finding), and those not shown.
    const shown = new Map<string, Map<string, number>>();
    const hidden = new Map<string, Map<string, number>>();
    for (const d of tree.diagnostics) {
      let byRule = shown.get(d.path);
      if (byRule === undefined) shown.set(d.path, (byRule = new Map()));
      const count = (byRule.get(d.ruleId) ?? 0) + 1;
      byRule.set(d.ruleId, count);
      if (count > SHOWN_PER_RULE_PER_FILE) {
        let notShown = hidden.get(d.path);
        if (notShown === undefined) hidden.set(d.path, (notShown = new Map()));
        notShown.set(d.ruleId, count - SHOWN_PER_RULE_PER_FILE);
        continue;
      }
      const place = safe(where(tree.display(d.path), d));
      const severity = d.severity === 'error' ? error : warning;
      yield `${color ? chalk.underline(place) : place}  ${severity}  ${safe(d.message)}  ${color ? chalk.dim(safe(d.ruleId)) : safe(d.ruleId)}\n`;
      for (const r of d.related ?? []) {
        const text = safe(`${relatedWhere(tree, r)}: ${r.message}`);
        yield `    ${color ? chalk.dim(text) : text}\n`;
      }
    }
    for (const [path, byRule] of hidden) {
      for (const [ruleId, n] of byRule) {
        const text = safe(fm.notShown(tree.display(path), n, ruleId, SHOWN_PER_RULE_PER_FILE));
        yield `${color ? chalk.dim(text) : text}\n`;
      }
    }
  }
  const { errors, warnings, fixable } = summaryCounts(trees);
  if (errors + warnings > 0) {
    yield `\n${(errors > 0 ? chalk.red.bold : chalk.yellow.bold)(fm.summary(errors, warnings))}\n`;
    if (fixable > 0) yield `${chalk.dim(fm.fixableHint(fixable))}\n`;
  }
}
