export const checkCliMessages = {
  usageHint: 'Run `memdex check --help` for usage.',
  badFormat: (format: string, formats: readonly string[]) => `Invalid --format ${format}; expected one of ${formats.join(', ')}`,
  fixWithStaged:
    '--fix and --staged cannot be combined: --staged checks the git index, --fix edits the working tree (lint-staged already hides unstaged changes; run `memdex check --fix` without --staged)',
};
