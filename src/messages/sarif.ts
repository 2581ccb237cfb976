/** Sentences of the SARIF output (src/cli/format/sarif.ts). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const sarifMessages = {
  /** The one-line description as a sentence, then what `memdex rules` shows beside it. */
  fullDescription: (description: string, severity: string, fixable: boolean) =>
    `${sentence(description)} Default severity: ${severity}.${fixable ? ' Fixable: `memdex check --fix` applies the fix.' : ''} The rule's page has examples and options.`,
};
