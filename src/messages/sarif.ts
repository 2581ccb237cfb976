/** Sentences of the SARIF output (src/cli/format/sarif.ts). */
export const sarifMessages = {
  fullDescription: (description: string, fixable: boolean) =>
    `${description}${fixable ? ' Fixable: `memdex check --fix` applies the fix.' : ''} See the rule's page for examples and options.`,
};
