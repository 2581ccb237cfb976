/** Sentences of the check output formats. */
import { plural } from './plural.js';

export const formatMessages = {
  summary: (errors: number, warnings: number) => `✖ ${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`,
  notShown: (path: string, n: number, ruleId: string, cap: number) =>
    `${path}: ${plural(n, `more ${ruleId} finding`)} not shown (at most ${cap} per rule per file; the count below has them all, --format json lists every one)`,
  fixableHint: (n: number) => `${plural(n, 'problem')} can be fixed with \`memdex check --fix\`.`,
  clean: (trees: number) => `✔ memory tree${trees === 1 ? '' : 's'} clean`,
  fixed: (title: string) => `fixed: ${title}`,
  githubMore: (n: number) => `${plural(n, 'more finding')} not shown as annotations: see the step summary and the log.`,
  githubSummaryTitle: '## memdex check',
  githubSummaryHeader: '| severity | location | message | rule |',
};
