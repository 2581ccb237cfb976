/**
 * Everything `memdex init` writes or says: the starter memory tree, the CI
 * workflow, the pre-commit block, and the lines of its report.
 */

/** The index's consumption header: how an agent reads the index (the same words as fixtures/example). */
export const INDEX_HEADER = `# Memory Index

Active knowledge retrieval. Invoke \`/when\` or \`/how\` to recall decisions.

**Invocation:**
/when <trigger>        # behavioral knowledge (when to do X)
/how <trigger>         # procedural knowledge (how to do X)

**Navigation:**
/when .Section Title   # section content by heading name
/when ..file.md        # entire decision file (relative to agents/decisions/)
`;

/** The example decision file's name, its one entry, and its text. */
export const EXAMPLE_DECISION_FILE = 'memory.md';
export const EXAMPLE_ENTRY = '/when adding a memory | remember, new decision';
export const EXAMPLE_DECISION = `# Working With This Memory

How this project keeps its agent memory. Edit or replace this file with your own decisions.

## .Memory

### When Adding a Memory

Use \`/remember\` in Claude Code (or \`memdex add\`) to write the decision heading and its index entry in one step.
Each decision says what to do and why, in at least three lines, so that \`/when\` answers carry the reason.
The pre-commit hook runs \`memdex check\` when memory files are staged; CI runs it on every push.
`;

export function starterIndex(decisionsFolder: string): string {
  return `${INDEX_HEADER}\n## ${decisionsFolder}/${EXAMPLE_DECISION_FILE}\n\n${EXAMPLE_ENTRY}\n`;
}

/** The one line that marks memdex's check in a pre-commit hook or a lint-staged config. */
export const STAGED_CHECK = 'memdex check --staged';

/** How the pre-commit block's first line starts: init finds its own block by it. */
export const PRE_COMMIT_BLOCK_MARK = '# memdex:';

/**
 * The pre-commit block: one `git diff` decides whether a memory file is staged
 * (deletions included); only then does memdex start. The hook runs at the top of
 * the working tree, where the paths are. When memdex is not installed it says so
 * and lets the commit through (app/memdex-command.ts). `--quiet`: the errors that
 * refuse the commit come first and alone; a line on stderr counts the warnings,
 * which `memdex check` lists.
 */
export function preCommitBlock(pathspecs: readonly string[], memdex: { readonly command: string; readonly present: string; readonly missingLine: string }, rootArgs: string): string {
  const specs = pathspecs.map((p) => `'${p}'`).join(' ');
  return [
    `${PRE_COMMIT_BLOCK_MARK} check the memory tree as this commit will contain it, only when a memory file is staged (deletions too).`,
    `if ! git diff --cached --quiet -- ${specs}; then`,
    `  if ${memdex.present}; then`,
    `    ${memdex.command} check --staged --quiet${rootArgs} || exit 1`,
    '  else',
    `    echo ${memdex.missingLine} >&2`,
    '  fi',
    'fi',
    '',
  ].join('\n');
}

export const SHEBANG = '#!/bin/sh\n';

/**
 * The Node.js versions the written workflow runs memdex on: the maintained ones
 * (22 and 24), and 20 while package.json's `engines` admits it. The last one
 * uploads the SARIF log (one upload per category).
 */
export const WORKFLOW_NODE_VERSIONS: readonly number[] = [20, 22, 24];

export function workflow(install: string, workingDirectory: string, memdex = 'npx memdex'): string {
  const defaults = workingDirectory ? `    defaults:\n      run:\n        working-directory: ${workingDirectory}\n` : '';
  const newest = WORKFLOW_NODE_VERSIONS.at(-1)!;
  return `# Written by \`memdex init\`: checks the agent's memory (index, decision files, playbook) on every push
# and pull request, on each maintained Node.js: annotations on the lines, a table in the step summary,
# alerts in code scanning.
name: memdex
on:
  push:
    branches: [main]
  pull_request:
permissions:
  contents: read
jobs:
  memory:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [${WORKFLOW_NODE_VERSIONS.join(', ')}]
    permissions:
      contents: read
      security-events: write # upload-sarif
${defaults}    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
      - run: ${install}
      # Findings (exit 1) still make a log to upload; the next step fails the job on them.
      - name: memdex SARIF
        run: ${memdex} check --format sarif -o memdex.sarif || [ $? -eq 1 ]
      # Under GitHub Actions the format is \`github\`: annotations and the step summary.
      - name: memdex check
        run: ${memdex} check
      - name: Upload to code scanning
        if: \${{ !cancelled() && matrix.node == ${newest} && hashFiles('${workingDirectory ? `${workingDirectory}/` : ''}memdex.sarif') != '' }}
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: ${workingDirectory ? `${workingDirectory}/` : ''}memdex.sarif
          category: memdex
`;
}

export const GITIGNORE_HEADER = "# memdex's runtime state (per machine, never committed)";

export const initMessages = {
  created: (file: string) => `created ${file}`,
  updated: (file: string, what: string) => `updated ${file}: ${what}`,
  addedKeys: (keys: readonly string[]) => `added ${keys.join(', ')}`,
  hooksAdded: (events: readonly string[]) => `hooks for ${events.join(', ')}`,
  hooksUpdated: (events: readonly string[]) => `the hooks for ${events.join(', ')} brought up to date (they say so and exit 0 when memdex is not installed)`,
  memdexSource: (described: string) => `the hooks, skills and pre-commit check run ${described}`,
  allowAdded: (entries: readonly string[]) => `permissions.allow ${entries.join(', ')}`,
  schemaAdded: '$schema',
  inContextAdded: (loaded: boolean) => `rules.index/in-context loaded: ${loaded}`,
  indexLoadedWhat: (line: string) => `added ${line}`,
  indexLoaded: (index: string, tokens: number, budget: number) =>
    `CLAUDE.md loads ${index} into every session (about ${tokens} tokens, within index/size-budget's ${budget}); rule index/in-context keeps it so (docs/agent-view.md)`,
  indexNotLoaded: (index: string, tokens: number, budget: number) =>
    `${index} is about ${tokens} tokens, over index/size-budget's ${budget}: not loaded from CLAUDE.md (the agent reaches it through /when, /how and the prompt hook's pointers; docs/agent-view.md)`,
  appendedBlock: 'appended the memdex check',
  madeExecutable: 'chmod +x',
  /** A mode-only change in the --dry-run diff. */
  dryRunChmod: (file: string) => `chmod +x ${file}`,
  lintStagedEntry: (glob: string) => `added the lint-staged entry ${glob}`,
  ignoresAdded: (lines: readonly string[]) => `ignores ${lines.join(', ')}`,
  gitConfig: (key: string, value: string) => `set git config ${key} ${value} (git runs .husky/pre-commit; each clone sets it again: run \`npx memdex init\`)`,
  dryRunGitConfig: (key: string, value: string) => `would run: git config ${key} ${value}`,
  skipped: (part: string) => `skipped ${part}`,
  treeExists: (index: string) => `${index} exists: the memory tree is left as it is`,
  skillDiffers: (file: string) => `${file} differs from the skill memdex ships: left as it is (memdex doctor shows it; \`npx memdex init --update\` refreshes it unless it was edited)`,
  hookDiffers: (event: string, command: string, timeout: unknown, expected: number) =>
    `.claude/settings.json: ${event} runs ${command} with timeout ${String(timeout ?? 'unset')}, memdex expects ${expected}: left as it is (memdex doctor shows it)`,
  workflowExists: (file: string) => `${file} exists: left as it is`,
  refreshed: 'brought up to date (it was as an earlier memdex wrote it)',
  editedKept: (file: string) => `${file} was edited since memdex wrote it: left as it is (delete it and run \`npx memdex init\` to get today's)`,
  noGit: 'not in a git working tree: no pre-commit hook (run `git init`, then `npx memdex init` again)',
  ownHooks: (dir: string, hooks: readonly string[]) =>
    `git runs your hooks in ${dir} (${hooks.join(', ')}): memdex's check is a marked block in ${dir}/pre-commit, core.hooksPath is left as it is`,
  ownHooksPath: (path: string) => `core.hooksPath is ${path}: memdex's check is a marked block in ${path}/pre-commit, core.hooksPath is left as it is`,
  frameworkEntry: 'added memdex as a local hook (memdex check --staged)',
  frameworkNotInstalled: "the pre-commit framework's git hook is not installed: run `pre-commit install`",
  lefthookEntry: 'added the memdex command to pre-commit (memdex check --staged)',
  lefthookNotInstalled: "lefthook's git hooks are not installed, and lefthook is neither on PATH nor in node_modules: install it (npm install --save-dev lefthook), then run `npx lefthook install`",
  ran: (command: string) => `ran ${command}`,
  dryRunCommand: (command: string) => `would run: ${command}`,
  commandFailed: (command: string, status: number | null, output: string) => `${command} failed (${status === null ? 'no exit status' : `exit ${status}`})${output ? `: ${output}` : ''}`,
  lintStagedDeletions: (file: string) =>
    `${file} runs lint-staged without --diff-filter=ACMRD: a commit that only deletes a decision file is not checked (add the flag)`,
  nothingToDo: 'nothing to do: memdex is set up',
  dryRunHeader: 'dry run: nothing was written; the changes init would make:',
  committed: (files: readonly string[], ignored: readonly string[]) =>
    `Commit the memory (agents/), memdex.config.json, .claude/settings.json, .claude/skills/ and the hooks; memdex also writes ${files.join(
      ' and ',
    )} (meant to be committed: the playbook and relevance scores the team shares). Ignored as per-machine state: ${ignored.join(', ')}.`,
  nextStep: (files: readonly string[]) => `Next: git add ${files.join(' ')} && git commit -m "Set up memdex"`,
  nextStepProblems: 'Next: fix the files named above (memdex left them as they are), then run `npx memdex init` again.',
  cannotParse: (where: string, detail: string) => `${where}: cannot parse: ${detail}; left as it is`,
  notAnObject: (where: string, key: string, expected: string) => `${where}: ${key} must be ${expected}; left as it is`,
  jsConfigUnrecognised: (file: string, form: string, entry: string) =>
    `${file}:1:1: cannot add an entry: expected \`${form} {\` with an object literal; left as it is. Add it by hand: ${entry}`,
  jsConfigUnparsable: (where: string, detail: string, entry: string) => `${where}: cannot parse: ${detail}; left as it is. Add it by hand: ${entry}`,
  jsConfigWrongFormat: (where: string, syntax: string, format: string) =>
    `${where}: ${syntax} in a file Node loads as ${format}: lint-staged cannot load this config (every commit fails); left as it is`,
  yamlUnrecognised: (where: string) => `${where}: cannot add an entry: expected a block mapping (\`key: value\` lines); left as it is`,
  noPackageJson: 'no package.json here: install memdex first (npm i -D memdex), then run `npx memdex init`',
};
