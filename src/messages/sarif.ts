/** Sentences of the SARIF output (src/cli/format/sarif.ts). */
import { thousands as count } from './thousands.js';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const sarifMessages = {
  /** The one-line description as a sentence, then what `memdex rules` shows beside it. */
  fullDescription: (description: string, severity: string, fixable: boolean) =>
    `${sentence(description)} Default severity: ${severity}.${fixable ? ' Fixable: `memdex check --fix` applies the fix.' : ''} The rule's page has examples and options.`,
  /** The notification of a log that holds `kept` of `total` results (and check's line on stderr). */
  capped: (kept: number, total: number, max: number) =>
    `This log holds ${count(kept)} of ${count(total)} results (errors first, then warnings, each in report order): GitHub code scanning accepts at most ${count(max)} per run. \`memdex check --format json\` lists every finding.`,
};
