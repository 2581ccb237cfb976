// lint-staged.config.js for a project whose agent memory memdex checks (`memdex init` adds this
// entry to an existing lint-staged config in its own format; without lint-staged it installs a plain hook).
// The check is cross-file (an index entry and its heading live in different files),
// so the task ignores the file list and checks the whole staged tree (--staged);
// .husky/pre-commit runs `lint-staged --diff-filter=ACMRD` so deletions trigger it too.
/** @type {import('lint-staged').Configuration} */
export default {
  '{agents/memory-index.md,agents/decisions/**/*.md,.claude/playbook.json,memdex.config.json}': () => 'memdex check --staged',
};
