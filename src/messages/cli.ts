/** Every user-facing sentence of the CLI shell (not of a particular command). */
export const messages = {
  internalError: (detail: string) =>
    `memdex: internal error: ${detail}\n(this is a bug in memdex; run again with MEMDEX_DEBUG=1 for details and report it)\n`,
  usageHint: 'Run `memdex --help` for usage.',
  epilogue: 'Exit codes: 0 clean, 1 findings, 2 usage or internal error. NO_COLOR disables colour.',
};

/** Finding and reading the memory tree's configuration. */
export const configMessages = {
  invalidJson: (where: string, detail: string) => `${where}: invalid JSON: ${detail}`,
  invalid: (lines: readonly string[]) => `invalid configuration\n${lines.join('\n')}`,
  noRootDir: (root: string) => `--root ${root}: no such directory`,
  noTree: (cwd: string, config: string, index: string) => `no memory tree found from ${cwd} upwards: expected ${config} or ${index}; pass --root`,
};
