/**
 * Every command's option spec (src/cli/command-spec.ts): the sentences of `--help`
 * and the options the parser accepts, in one place. Pure data: the per-call
 * commands import it on their hot path.
 */
import type { CommandSpec, GroupSpec, OptionSpec } from '../cli/command-spec.js';

export const specMessages = {
  usage: 'Usage',
  arguments: 'Arguments',
  options: 'Options',
  commands: 'Commands',
  examples: 'Examples',
  helpOption: 'Show this help',
  versionOption: 'Print the version',
  repeatable: '(repeatable)',
  required: '(required)',
  defaultValue: (value: string) => `(default: ${value})`,
  helpHint: (command: string) => `Run \`memdex ${command} --help\` for usage.`,
  subHelpHint: (group: string) => `Run \`memdex ${group} <command> --help\` for the options of each.`,
  repeated: (name: string) => `--${name} was given more than once; give it once`,
  missingOption: (name: string) => `missing required option --${name}`,
  missingPositional: (name: string) => `missing argument <${name}>`,
  extraArgument: (value: string) => `unexpected argument '${value}'`,
  badChoice: (name: string, value: string, choices: readonly string[]) => `--${name} ${value}: expected one of ${choices.join(', ')}`,
  notANumber: (name: string, value: string) => `--${name} ${value}: expected a number`,
  unknownCommand: (name: string, suggestion: string | undefined) =>
    `unknown command '${name}'.${suggestion !== undefined ? ` Did you mean ${suggestion}?` : ''} Run \`memdex --help\` for the commands.`,
  unknownSubcommand: (group: string, name: string, suggestion: string | undefined, names: readonly string[]) =>
    `unknown ${group} command '${name}'.${suggestion !== undefined ? ` Did you mean ${suggestion}?` : ''} Expected one of: ${names.join(', ')}.`,
  noSubcommand: (group: string, names: readonly string[]) => `give a ${group} command: ${names.join(', ')}`,
};

const ROOT_DESCRIBE = 'Root of the memory tree (default: CLAUDE_PROJECT_DIR, else found by walking up from the current directory)';
const root: OptionSpec = { type: 'string', placeholder: 'DIR', describe: ROOT_DESCRIBE };
const textOrJson: OptionSpec = { type: 'string', choices: ['text', 'json'], default: 'text', describe: 'Output format' };

export const CHECK_FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;

export const checkSpec: CommandSpec = {
  name: 'check',
  describe: 'Validate the memory index, decision files and playbook',
  positionals: [{ name: 'files', variadic: true, describe: 'Files whose memory trees to check (as pre-commit passes them; deleted ones included)' }],
  options: {
    root,
    fix: { type: 'boolean', describe: 'Fix what can be fixed (entry placement, order, structural entries), then check again' },
    staged: { type: 'boolean', describe: 'Check the files as staged in git (what the commit will contain)' },
    format: { type: 'string', choices: CHECK_FORMATS, describe: 'Output format (default: github under GITHUB_ACTIONS=true, else stylish)' },
    quiet: { type: 'boolean', describe: 'Report errors only' },
  },
  examples: [
    ['memdex check', 'check the tree containing the current directory'],
    ['memdex check --fix', 'move and sort index entries, then check'],
    ['memdex check --staged agents/memory-index.md', 'what lint-staged runs before a commit'],
  ],
  notes: 'Exit codes: 0 clean (warnings allowed), 1 findings, 2 usage error or input memdex cannot read.',
};

const recallOptions: Record<string, OptionSpec> = {
  'no-nav': { type: 'boolean', describe: 'Print the section without Broader/Related navigation' },
  format: { type: 'string', choices: ['text', 'json'], default: 'text', describe: 'Output format; json prints one {query, status, section?, choices?} object per query' },
  root,
};
const RECALL_NOTES = 'Exit codes: 0 all resolved (or only `null`), 1 a query failed, 2 usage error.';
const recallSpec = (name: 'when' | 'how' | 'resolve', describe: string, example: string): CommandSpec => ({
  name,
  describe,
  positionals: [{ name: 'query', variadic: true, required: true, describe: 'A trigger (`writing mock tests`), `.Heading`, or `..file.md`; `-` reads one query per line from stdin' }],
  options: recallOptions,
  examples: [[example, ''], [`memdex ${name} - < queries.txt`, 'one query per line']],
  notes: RECALL_NOTES,
});
export const whenSpec = recallSpec('when', 'Recall a /when entry: trigger, .Heading or ..file.md', 'memdex when writing mock tests');
export const howSpec = recallSpec('how', 'Recall a /how entry: trigger, .Heading or ..file.md', 'memdex how encode file paths');
export const resolveSpec = recallSpec('resolve', 'Recall any query (the operator in the query): trigger, .Heading or ..file.md', 'memdex resolve "/how encode file paths"');

export const HOOK_EVENT_NAMES = ['user-prompt-submit', 'session-start', 'session-end', 'pre-compact'] as const;
export const hookSpec: CommandSpec = {
  name: 'hook',
  describe: 'Claude Code hook entry point (hook JSON on stdin, hook JSON on stdout; fails open)',
  positionals: [{ name: 'event', required: true, describe: HOOK_EVENT_NAMES.join(' | ') }],
  notes: 'Always exits 0 and prints `{}` on failure; the reason goes to .claude/memdex-hooks.log. MEMDEX_HOOKS=0 turns hooks off.',
};

export const rulesSpec: CommandSpec = {
  name: 'rules',
  describe: 'List the rules of `memdex check` with their default severity',
  options: { format: textOrJson },
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
    all: { type: 'boolean', describe: 'Also list /when and /how entries the proposal keeps as they are' },
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
export const playbookGroup: GroupSpec = {
  name: 'playbook',
  describe: 'Show, update, migrate or summarise the playbook (.claude/playbook.json)',
  subcommands: [playbookShow, playbookUpdate, playbookMigrate, playbookStats],
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
    pinSpec('pin', 'Pin an item by hand (always injected; scores never unpin it)'),
    pinSpec('unpin', 'Unpin an item by hand (scores never pin it again)'),
    pinSpec('auto', 'Hand the pin state of an item back to the scores'),
    {
      name: 'relevance evaluate',
      describe: 'Run the evaluator once per pending session and apply its per-tag scores',
      options: {
        ...common,
        limit: { type: 'number', default: 10, describe: 'At most this many sessions in this run' },
        evaluator: { type: 'string', placeholder: 'COMMAND', describe: 'Command to run (default: MEMDEX_EVALUATOR, then relevance.evaluator in memdex.config.json)' },
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
