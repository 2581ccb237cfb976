/**
 * The option specs of the commands that are not run per call (see commands.ts for
 * the per-call ones and the shared sentences): kept apart so that the recall fast
 * path (dist/when.cjs) does not carry them.
 */
import { promoteMessages } from './promote.js';
import type { CommandSpec, GroupSpec } from './command-spec.js';
import { root, textOrJson } from './commands.js';
import { addMessages } from './add.js';
import { recallMessages } from './recall.js';
import { suggestMessages } from './suggest.js';

export const rulesSpec: CommandSpec = {
  name: 'rules',
  describe: 'List the rules of `memdex check` with their severity (as the tree\'s memdex.config.json sets it) and the page of each (docs/rules/<id>.md)',
  options: { root, format: textOrJson },
};

export const compressKeySpec: CommandSpec = {
  name: 'compress-key',
  describe: 'Shortest trigger that resolves to a heading and to no other, and the heading it would be renamed to',
  positionals: [{ name: 'heading', variadic: true, describe: 'Heading text, e.g. "How to Encode File Paths"' }],
  options: { all: { type: 'boolean', describe: 'Every semantic heading of the tree' }, root, format: textOrJson },
};

export const DEFAULT_PLAN_FILE = 'memdex-migration.tsv';
const migratePlan: CommandSpec = {
  name: 'migrate plan',
  describe: 'Write a mapping file (TSV) proposing the new entry and heading for every entry to change',
  options: {
    root,
    out: { type: 'string', placeholder: 'FILE', describe: `Mapping file to write; --out=- prints it (default: ${DEFAULT_PLAN_FILE} in the root)` },
    all: { type: 'boolean', describe: 'Also list the /when and /how entries, unchanged, to edit their triggers' },
  },
};
const migrateApply: CommandSpec = {
  name: 'migrate apply',
  describe: 'Apply a mapping: rename headings, rewrite entries and links, all files or none',
  positionals: [{ name: 'mapping', required: true, describe: 'Mapping file (TSV, see docs/migrate.md)' }],
  options: {
    root,
    preamble: { type: 'string', placeholder: 'FILE', describe: 'File whose text replaces the index preamble (before the first ## section)' },
    'dry-run': { type: 'boolean', describe: 'Print a unified diff and write nothing' },
    force: { type: 'boolean', describe: 'Apply even with uncommitted changes in the files it touches' },
  },
};
const migrateRecover: CommandSpec = {
  name: 'migrate recover',
  describe: 'Finish or roll back an interrupted migration (every migrate command also does this first)',
  options: { root },
};
export const migrateGroup: GroupSpec = {
  name: 'migrate',
  describe: 'Convert index entries and rename headings in one all-or-nothing step',
  subcommands: [migratePlan, migrateApply, migrateRecover],
};

const playbookShow: CommandSpec = {
  name: 'playbook show',
  describe: 'Print the text the hooks inject: the template filled with the key points, ranked for this environment',
  options: { root },
};
const playbookUpdate: CommandSpec = {
  name: 'playbook update',
  describe: 'Apply an ExtractionResult ({new_key_points, evaluations}) under the lock',
  options: { root, extraction: { type: 'string', required: true, placeholder: 'FILE', describe: 'ExtractionResult JSON file, or - for stdin' } },
};
const playbookMigrate: CommandSpec = {
  name: 'playbook migrate',
  describe: 'Rewrite the playbook in canonical form (legacy entries migrated, score dropped)',
  options: { root },
};
const playbookStats: CommandSpec = {
  name: 'playbook stats',
  describe: 'Summarise the key points and their ratings',
  options: { root, format: textOrJson },
};
const playbookPending: CommandSpec = {
  name: 'playbook pending',
  describe: 'List the learned key points held for review (not injected), with why and the part of the session they came from',
  options: { root, format: textOrJson },
};
const reviewSpec = (decision: 'approve' | 'reject', describe: string): CommandSpec => ({
  name: `playbook ${decision}`,
  describe,
  positionals: [{ name: 'id', required: true, describe: 'The key point, e.g. kpt_007 (memdex playbook pending lists them)' }],
  options: { root },
});
export const playbookGroup: GroupSpec = {
  name: 'playbook',
  describe: 'Show, update, review, migrate or summarise the playbook (.claude/playbook.json)',
  subcommands: [
    playbookShow,
    playbookUpdate,
    playbookPending,
    /* @__PURE__ */ reviewSpec('approve', 'Let a held key point in: injected from the next session on'),
    /* @__PURE__ */ reviewSpec('reject', 'Remove a held key point (its name is never given again)'),
    playbookMigrate,
    playbookStats,
  ],
};

export const feedbackSpec: CommandSpec = {
  name: 'feedback',
  describe: 'Record explicit feedback on a key point for this environment (weighted above the evaluator)',
  positionals: [{ name: 'id', required: true, describe: 'Stable id of the key point, e.g. kpt_001' }],
  options: {
    'not-applicable': { type: 'boolean', describe: 'It does not apply here: rates every environment tag not named by --tag' },
    tag: { type: 'string', multiple: true, placeholder: 'TAG=SCORE', describe: 'Score in [-1, 1] for one tag' },
    reason: { type: 'string', placeholder: 'TEXT', describe: 'Why; kept with the item (memdex relevance show)' },
    root,
    format: textOrJson,
  },
  examples: [
    ['memdex feedback kpt_007 --not-applicable --reason "React advice in a CLI tool"', ''],
    ['memdex feedback kpt_007 --tag typescript=0.8 --tag react=-1', ''],
  ],
};

const idPositional = [{ name: 'id', required: true, describe: 'Stable id of the key point, e.g. kpt_001' }] as const;
const common = { root, format: textOrJson };
const pinSpec = (action: 'pin' | 'unpin' | 'auto', describe: string): CommandSpec => ({ name: `relevance ${action}`, describe, positionals: idPositional, options: common });
export const relevanceGroup: GroupSpec = {
  name: 'relevance',
  describe: 'Tag-relevance scores of key points: show, pin, evaluate sessions, preview injection',
  subcommands: [
    { name: 'relevance show', describe: "An item's pin state, event count and per-tag scores", positionals: idPositional, options: common },
    /* @__PURE__ */ pinSpec('pin', 'Pin an item by hand (always injected; scores never unpin it)'),
    /* @__PURE__ */ pinSpec('unpin', 'Unpin an item by hand (scores never pin it again)'),
    /* @__PURE__ */ pinSpec('auto', 'Hand the pin state of an item back to the scores'),
    {
      name: 'relevance evaluate',
      describe: 'Run the evaluator once per pending session and apply its per-tag scores',
      options: {
        ...common,
        limit: { type: 'number', default: 10, describe: 'At most this many sessions in this run' },
        evaluator: { type: 'string', placeholder: 'COMMAND', describe: 'Command to run (default: MEMDEX_EVALUATOR, then relevance.evaluator in memdex.config.json, then claude -p)' },
        timeout: { type: 'number', default: 300, describe: 'Seconds to wait for one evaluator answer' },
      },
    },
    {
      name: 'relevance inject',
      describe: 'Print the key-point block the injection hook would add, ranked for this environment (records shown ids with --session)',
      options: {
        ...common,
        session: { type: 'string', placeholder: 'ID', describe: 'Session id: record what is shown in its audit record' },
        transcript: { type: 'string', placeholder: 'FILE', describe: 'Transcript path, kept in the audit record' },
        cwd: { type: 'string', placeholder: 'DIR', describe: 'Working directory for path prerequisites (default: the root)' },
      },
    },
    {
      name: 'relevance audit',
      describe: "Record that a session ended (the session-end hook's relevance step): queues it for evaluation",
      options: {
        ...common,
        session: { type: 'string', required: true, placeholder: 'ID', describe: 'Session id' },
        transcript: { type: 'string', placeholder: 'FILE', describe: 'Transcript path (JSONL) for the evaluator' },
      },
    },
    { name: 'relevance tags', describe: 'The environment tags detected for this repository', options: common },
    { name: 'relevance compact', describe: 'Drop old finished sessions, and items no longer in the playbook', options: common },
  ],
};

export const suggestSpec: CommandSpec = {
  name: 'suggest',
  describe: suggestMessages.describe,
  positionals: [{ name: 'text', variadic: true, describe: suggestMessages.textOption }],
  options: {
    limit: { type: 'number', default: 10, placeholder: 'K', describe: suggestMessages.limitOption },
    root,
    format: textOrJson,
  },
  examples: [['memdex suggest "split the validation into mechanical and semantic checks"', 'the entries that text is about'], ['memdex suggest - < plan.md', 'a whole document from stdin']],
};

export const mcpSpec: CommandSpec = {
  name: 'mcp',
  describe: 'Serve the memory to any MCP client on stdio: tools when, how, resolve, suggest, remember, feedback; the playbook as a resource',
  options: { root },
  examples: [
    ['memdex mcp', 'the tree containing the current directory (what an agent starts in the project)'],
    ['claude mcp add memdex -- npx memdex mcp', 'register it in Claude Code'],
  ],
  notes: 'A long-running server: it keeps the tree loaded and reloads it when its files change. Setup per agent: docs/mcp.md.',
};

export const lspSpec: CommandSpec = {
  name: 'lsp',
  describe: 'A language server on stdio for the index, decision files and playbook: diagnostics as you type, fixes, go to heading/entry, hover, completion, trigger rename',
  options: { stdio: { type: 'boolean', describe: 'Talk over stdin/stdout (the default and only transport; accepted as editors pass it)' } },
  notes: 'Started by an editor (the VS Code extension in editors/vscode/ does). Details: docs/editors.md.',
};

export const recallSpec: CommandSpec = {
  name: 'recall',
  describe: recallMessages.describe,
  options: {
    since: { type: 'string', placeholder: 'DATE', describe: recallMessages.sinceOption },
    until: { type: 'string', placeholder: 'DATE', describe: recallMessages.untilOption },
    sessions: { type: 'number', placeholder: 'N', describe: recallMessages.sessionsOption },
    before: { type: 'string', placeholder: 'DATE', describe: recallMessages.beforeOption },
    'include-subagents': { type: 'boolean', describe: recallMessages.subagentsOption },
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', describe: recallMessages.formatOption },
    out: { type: 'string', placeholder: 'FILE', describe: recallMessages.outOption },
    root,
    'projects-dir': { type: 'string', placeholder: 'DIR', describe: recallMessages.projectsDirOption },
  },
  examples: [
    ['memdex recall', 'a markdown report of every session of this project'],
    ['memdex recall --since 2026-11-01 --before 2026-11-15 --format html --out recall.html', 'a page with charts, comparing before and after a change'],
  ],
};

export const initSpec: CommandSpec = {
  name: 'init',
  describe: 'Set up memdex in this repository: memory tree, config, Claude Code hooks and skills (or the agents --agent names), pre-commit hook, CI workflow, .gitignore',
  options: {
    root,
    'dry-run': { type: 'boolean', describe: 'Print the changes as a diff and write nothing' },
    'no-claude': { type: 'boolean', describe: 'Skip Claude Code: hooks and permissions in .claude/settings.json, skills in .claude/skills/' },
    'no-git': { type: 'boolean', describe: 'Skip the pre-commit hook (.husky/pre-commit, or an entry in your lint-staged config)' },
    'no-ci': { type: 'boolean', describe: 'Skip the GitHub workflow .github/workflows/memdex.yml' },
    update: {
      type: 'boolean',
      describe: "After upgrading memdex: bring the skills and the workflow an earlier memdex wrote up to date (hook commands are always); one edited since is left as it is and named",
    },
    baseline: { type: 'boolean', describe: 'Adopting a tree that has errors: record them in memdex-baseline.json (as memdex baseline), so that the hook refuses only new ones' },
    agent: {
      type: 'string',
      multiple: true,
      placeholder: 'AGENTS',
      describe:
        'The agents to wire, a comma list (or the option repeated) of claude, codex, gemini, cursor: memdex\'s MCP server in each one\'s project config (.mcp.json, .codex/config.toml, .gemini/settings.json, .cursor/mcp.json) and the memory\'s entry point where it reads it (AGENTS.md, GEMINI.md, .cursor/rules/memdex.mdc; Claude Code: its hooks and skills). Default: Claude Code\'s hooks and skills alone (docs/agents.md)',
    },
    memdex: {
      type: 'string',
      choices: ['project', 'global'],
      describe:
        "Which memdex the hooks, skills and pre-commit check run: the project's node_modules/.bin/memdex (found at or above the tree, as in a workspace) or memdex on PATH (a global install, a repository that is not a Node project). Default: the project's when memdex is installed there or a package.json is, else global",
    },
  },
  notes:
    'Never overwrites: JSON files are merged key by key, text files appended to; a file it cannot parse is named and left alone (exit 1). A second run changes nothing.',
};

export const uninstallSpec: CommandSpec = {
  name: 'uninstall',
  describe: "Take out what memdex init put in (Claude Code hooks, permissions and skills, the pre-commit check, core.hooksPath, the workflow) and memdex's own state; never a memory file",
  options: {
    root,
    'dry-run': { type: 'boolean', describe: 'Print what would be removed or changed, and change nothing' },
    'keep-memory': {
      type: 'boolean',
      describe: "Keep memdex's state too (memdex.config.json, CLAUDE.md's import of the index, memdex-baseline.json, the relevance scores, .claude/memdex/): take out only what runs memdex, so that memdex init resumes later",
    },
  },
  notes:
    'The memory (index, decision files, playbook) always stays. A skill or workflow edited since init is kept and named; a file init created goes when nothing else is in it; JSON files lose only memdex\'s keys. Exit 1 when a file could not be parsed (it is named and left alone).',
};

export const baselineSpec: CommandSpec = {
  name: 'baseline',
  describe: "Record the tree's errors in memdex-baseline.json (as ESLint's bulk suppressions): check then reports only new ones",
  options: {
    root,
    prune: { type: 'boolean', describe: 'Only drop recorded errors that are gone; record nothing new' },
    'dry-run': { type: 'boolean', describe: 'Print the file it would write, and write nothing' },
  },
  notes:
    'Commit memdex-baseline.json. A file\'s errors of one rule are suppressed while there are at most as many as recorded; when there are more, all of them are reported. Errors fixed since drop out of the file on the next memdex baseline or memdex check --fix.',
};

export const doctorSpec: CommandSpec = {
  name: 'doctor',
  describe: "Check memdex's wiring (hooks, skills, pre-commit, config, hook log, extractor and evaluator, cache) and say what to fix",
  options: {
    root,
    plugin: { type: 'boolean', describe: 'memdex runs as a plugin loaded with `claude --plugin-dir`: its hooks and skills come from the plugin (a plugin enabled in enabledPlugins is found without it)' },
    format: textOrJson,
  },
  notes: 'Exit 0 when every check passes, 1 when one found a problem (each says what is wrong and how to fix it).',
};

export const learnSpec: CommandSpec = {
  name: 'learn',
  describe: 'Learn from this project\'s sessions not learned from yet: what the session-start hook starts in the background, in the foreground; or approve the repository\'s learning commands',
  positionals: [{ name: 'action', describe: '`approve`: record the repository\'s configured extractor and evaluator commands (their sha256) as approved by you; they run only once approved when MEMDEX_REQUIRE_APPROVAL=1 (docs/learning-threats.md)' }],
  options: {
    root,
    'catch-up': { type: 'boolean', describe: 'Extract and evaluate every part of a session that ended (or stopped running) and was not learned from, oldest first, up to learn.sessionsPerRun of each' },
    format: textOrJson,
  },
  examples: [
    ['memdex learn --catch-up', 'from cron or CI: sessions whose end hook never ran are learned from too'],
    ['memdex learn approve', 'after reading playbook.extractor and relevance.evaluator in memdex.config.json'],
  ],
  notes: 'Give --catch-up or approve. Exit 0 when every part it tried was learned from (or there was nothing to learn), 1 when one failed (it stays queued), 2 when no learner is available.',
};

export const addSpec: CommandSpec = {
  name: 'add',
  describe: addMessages.describe,
  positionals: [
    { name: 'kind', required: true, describe: addMessages.operatorPositional },
    { name: 'trigger', required: true, variadic: true, describe: addMessages.triggerPositional },
  ],
  options: {
    file: { type: 'string', required: true, placeholder: 'FILE', describe: addMessages.fileOption },
    extras: { type: 'string', placeholder: 'WORDS', describe: addMessages.extrasOption },
    under: { type: 'string', placeholder: 'HEADING', describe: addMessages.underOption },
    body: { type: 'string', placeholder: 'FILE', describe: addMessages.bodyOption },
    'dry-run': { type: 'boolean', describe: addMessages.dryRunOption },
    root,
  },
  examples: [
    ['memdex add when "writing mock tests" --file testing.md --extras "mock patch, test doubles" --body note.md', 'a /when memory from a file'],
    ['memdex add how "encode file paths" --file data-processing.md --under ".Path Handling" --body - < note.md', 'a /how memory under a heading, its content on stdin'],
  ],
  notes: addMessages.notes,
};

export const promoteSpec: CommandSpec = {
  name: 'promote',
  describe: promoteMessages.describe,
  positionals: [{ name: 'entry', required: true, variadic: true, describe: promoteMessages.entryPositional }],
  options: {
    to: { type: 'string', placeholder: 'FILE', describe: promoteMessages.toOption },
    'dry-run': { type: 'boolean', describe: promoteMessages.dryRunOption },
    root,
  },
  examples: [
    ['memdex promote "/when naming test files"', 'into the one fragment CLAUDE.md @-loads'],
    ['memdex promote "/when naming test files" --to agents/fragments/conventions.md --dry-run', 'the diff of the three files, nothing written'],
  ],
  notes: promoteMessages.notes,
};
