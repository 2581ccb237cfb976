export const checkCliMessages = {
  nothingChecked: (files: readonly string[]) =>
    `nothing was checked: ${files.length === 1 ? `${files[0]} is not` : `none of ${files.join(', ')} is`} in a memory tree (a folder holding memdex.config.json or agents/memory-index.md, at or above the file); pass --root to name one`,
  usageHint: 'Run `memdex check --help` for usage.',
  badFormat: (format: string, formats: readonly string[]) => `Invalid --format ${format}; expected one of ${formats.join(', ')}`,
  outputIsMemoryFile: (path: string) => `--output-file names ${path}, a file memdex checks; expected a separate report file (like memdex-report.txt): nothing was written`,
  badMaxWarnings: (value: string) => `--max-warnings ${value}: expected a whole number of warnings (0 or more)`,
  tooManyWarnings: (warnings: number, max: number) =>
    `memdex found too many warnings: ${warnings} (maximum: ${max}); expected at most ${max}: fix them, or raise --max-warnings`,
  /** An `ignores` pattern that names no file (or no section): a typo, or a place that is gone. */
  ignoreUnmatched: (configFile: string, pattern: string) => `${configFile}: ignores pattern "${pattern}" matches no file; expected a pattern naming a memory file (or a section of one), or remove it`,
  ignoreUnsafe: (configFile: string, index: number, pattern: string, reason: string) =>
    `${configFile}: ignores[${index}] "${pattern.length > 80 ? `${pattern.slice(0, 77)}...` : pattern}" cannot be matched: ${reason}; expected a glob of paths (*, **, ?, {a,b}, [abc])`,
  stdinWith: (option: string) => `--stdin cannot be combined with ${option}: the text comes from stdin, nothing is written (use --fix-dry-run to see what --fix would change)`,
  dryRunWith: (option: string) => `--fix-dry-run cannot be combined with ${option}: it shows what --fix would write, and writes nothing`,
  stdinNeedsFilename: '--stdin needs --stdin-filename FILE: the memory file the text stands for (its tree and its rules depend on it)',
  filenameNeedsStdin: '--stdin-filename names the file that --stdin reads; give --stdin too',
  stdinNotMemory: (file: string, root: string, index: string, decisions: string, playbook: string) =>
    `--stdin-filename ${file} is not a memory file of the tree at ${root}; expected ${index}, a decision file ${decisions}/<name>.md or ${playbook}`,
  dryRunFormat: (format: string) => `--fix-dry-run prints a diff and a stylish report; --format ${format} is for reports of --fix or a plain check`,
  wouldChange: (files: number) => `dry run: ${files} file${files === 1 ? '' : 's'} would change; nothing was written`,
  fixWithStaged:
    '--fix and --staged cannot be combined: --staged checks the git index, --fix edits the working tree (lint-staged already hides unstaged changes; run `memdex check --fix` without --staged)',
};

export const rulesMessages = {
  /** After a rule whose severity the config sets: what it was by default. */
  configured: (configFile: string, severity: string) => `(set in ${configFile}; default ${severity})`,
  severityHint: 'Severities are set in memdex.config.json: { "rules": { "<id>": "error" | "warning" | "off" } }',
  docsHint: (url: string) =>
    `What each rule checks, why, its options and examples: ${url} (docs/rules/ in the package). Suppress one place with <!-- memdex-disable-next-line <id> -->.`,
};
