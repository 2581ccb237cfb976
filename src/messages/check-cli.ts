export const checkCliMessages = {
  fixWithStaged:
    '--fix and --staged cannot be combined: --staged checks the git index, --fix edits the working tree (lint-staged already hides unstaged changes; run `memdex check --fix` without --staged)',
};
