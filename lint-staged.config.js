// Pre-commit for this repository: the example memory trees under fixtures/ are
// checked exactly as a user's tree is (see README, "Pre-commit"). The check is
// cross-file, so it sees the whole staged tree (--staged); the file list only
// selects which trees. Deletions reach it because .husky/pre-commit passes
// --diff-filter=ACMRD.
/** @type {import('lint-staged').Configuration} */
export default {
  'fixtures/**/*.{md,json}': (files) => [
    'npm run --silent build',
    `node bin/memdex.cjs check --staged ${files.map((f) => JSON.stringify(f)).join(' ')}`,
  ],
};
