/**
 * Every command's option spec (src/cli/command-spec.ts): the sentences of `--help`
 * and the options the parser accepts, in one place. Pure data: the per-call
 * commands import it on their hot path.
 */
import type { CommandSpec, GroupSpec, OptionSpec } from './command-spec.js';

export const specMessages = {
  usage: 'Usage',
  helpOption: 'Show this help',
  versionOption: 'Print the version',
  helpHint: (command: string) => `Run \`memdex ${command} --help\` for usage.`,
  subHelpHint: (group: string) => `Run \`memdex ${group} <command> --help\` for the options of each.`,
  repeated: (name: string) => `--${name} was given more than once; give it once`,
  missingOption: (name: string) => `missing required option --${name}`,
  missingPositional: (name: string) => `missing argument <${name}>`,
  unknownOption: (name: string) => `Unknown option '--${name}'`,
  unknownOptions: (names: string) => `Unknown options: ${names}`,
  extraArgument: (value: string) => `unexpected argument '${value}'`,
  badChoice: (name: string, value: string, choices: readonly string[]) => `--${name} ${value}: expected one of ${choices.join(', ')}`,
  notANumber: (name: string, value: string) => `--${name} ${value}: expected a number`,
  unknownCommand: (name: string, suggestion: string | undefined) =>
    `unknown command '${name}'.${suggestion !== undefined ? ` Did you mean ${suggestion}?` : ''} Run \`memdex --help\` for the commands.`,
  unknownSubcommand: (group: string, name: string, suggestion: string | undefined, names: readonly string[]) =>
    `unknown ${group} command '${name}'.${suggestion !== undefined ? ` Did you mean ${suggestion}?` : ''} Expected one of: ${names.join(', ')}.`,
  noSubcommand: (group: string, names: readonly string[]) => `give a ${group} command: ${names.join(', ')}`,
};

import { rootMessages } from './root.js';
const ROOT_DESCRIBE = rootMessages.option;
export const root: OptionSpec = { type: 'string', placeholder: 'DIR', describe: ROOT_DESCRIBE };
export const textOrJson: OptionSpec = { type: 'string', choices: ['text', 'json'], default: 'text', describe: 'Output format' };

export const CHECK_FORMATS = ['stylish', 'json', 'github', 'sarif', 'junit'] as const;

export const checkSpec: CommandSpec = {
  name: 'check',
  describe: 'Validate the memory index, decision files and playbook',
  positionals: [{ name: 'files', variadic: true, describe: 'Files whose memory trees to check (as pre-commit passes them; deleted ones included)' }],
  options: {
    root,
    fix: { type: 'boolean', describe: 'Fix what can be fixed (entry placement, order, structural entries), then check again' },
    staged: { type: 'boolean', describe: 'Check the files as staged in git (what the commit will contain)' },
    format: { type: 'string', choices: CHECK_FORMATS, describe: 'Output format (default: github under GITHUB_ACTIONS=true, else stylish)' },
    quiet: { type: 'boolean', describe: 'Report errors only (hidden warnings still count for the maximum)' },
    'max-warnings': { type: 'number', placeholder: 'N', describe: 'Exit 1 when there are more than N warnings (default: warnings alone never fail)' },
    'output-file': { type: 'string', short: 'o', placeholder: 'FILE', describe: 'Write the report to FILE (replaced atomically, folders created) instead of stdout' },
    'fix-dry-run': { type: 'boolean', describe: 'Print what --fix would change, as a diff, then the findings left; write nothing' },
    stdin: { type: 'boolean', describe: 'Check the text on stdin as the file --stdin-filename names (an editor buffer); only its findings are reported' },
    'stdin-filename': { type: 'string', placeholder: 'FILE', describe: 'The memory file the --stdin text stands for' },
    'print-config': { type: 'boolean', describe: 'Print the configuration in effect (defaults filled, every rule with its severity and options) for the tree of the file given, or of the cwd' },
  },
  examples: [
    ['memdex check', 'check the tree containing the current directory'],
    ['memdex check --fix', 'move and sort index entries, then check'],
    ['memdex check --staged agents/memory-index.md', 'what lint-staged runs before a commit'],
    ['memdex check --format sarif -o memdex.sarif', 'a SARIF file for code scanning'],
    ['memdex check --max-warnings 0', 'fail on warnings too'],
    ['memdex check --stdin --stdin-filename agents/memory-index.md < buffer.md', 'an unsaved editor buffer'],
    ['memdex check --fix-dry-run', 'what --fix would change, without writing'],
  ],
  notes: 'Exit codes: 0 clean (warnings allowed, up to --max-warnings), 1 errors or too many warnings, 2 usage error or input memdex cannot read. Inline `<!-- memdex-disable… -->` comments and config `ignores` set findings aside: docs/rules/README.md.',
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
export const whenSpec = /* @__PURE__ */ recallSpec('when', 'Recall a /when entry: trigger, .Heading or ..file.md', 'memdex when writing mock tests');
export const howSpec = /* @__PURE__ */ recallSpec('how', 'Recall a /how entry: trigger, .Heading or ..file.md', 'memdex how encode file paths');
export const resolveSpec = /* @__PURE__ */ recallSpec('resolve', 'Recall any query (the operator in the query): trigger, .Heading or ..file.md', 'memdex resolve "/how encode file paths"');

export const HOOK_EVENT_NAMES = ['user-prompt-submit', 'session-start', 'session-end', 'pre-compact'] as const;
export const hookSpec: CommandSpec = {
  name: 'hook',
  describe: 'Claude Code hook entry point (hook JSON on stdin, hook JSON on stdout; fails open)',
  positionals: [{ name: 'event', required: true, describe: /* @__PURE__ */ HOOK_EVENT_NAMES.join(' | ') }],
  notes: 'Always exits 0 and prints `{}` on failure; the reason goes to .claude/memdex-hooks.log. MEMDEX_HOOKS=0 turns hooks off.',
};
