/** Every user-facing sentence of the CLI shell (not of a particular command). */
export const messages = {
  internalError: (detail: string) =>
    `memdex: internal error: ${detail}\n(this is a bug in memdex; run again with MEMDEX_DEBUG=1 for details and report it)\n`,
  usageHint: 'Run `memdex --help` for usage.',
  cwdDeleted:
    'memdex: the current folder no longer exists (deleted while the shell was in it); cd to a folder that exists, or pass --root <absolute path>\n',
  epilogue: 'Exit codes: 0 clean, 1 findings, 2 usage or internal error. NO_COLOR disables colour.',
};
