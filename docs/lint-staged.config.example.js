// lint-staged.config.js for a project whose agent memory memdex checks.
// The check is cross-file (an index entry and its heading live in different files),
// so the task ignores the file list and checks the whole staged tree (--staged);
// .husky/pre-commit runs `lint-staged --diff-filter=ACMRD` so deletions trigger it too.
/** @type {import('lint-staged').Configuration} */
export default {
  '{agents/**/*.md,.claude/playbook.json,memdex.config.json}': () => 'memdex check --staged',
};
