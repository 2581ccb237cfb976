/**
 * What every command does the same way, through the built CLI: a closed stdout, an empty
 * check, fatal errors in machine formats, colour, the first command lines a new user types,
 * one option spec for parsing and --help, exit codes for broken input, and the per-call
 * commands' lean start. Most were defects a new user hit in the first hour (issue 9 §5).
 * A table whose rows share one parser and one wiring (the yargs commands, the subcommands of a
 * group) runs each kind of row once through the CLI and the others from their spec in this
 * process, the message built as the CLI builds it (cli/report-failure.ts): a process for each
 * row costs 0.3-0.4 s of CPU and shows nothing more.
 */
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommand, type CommandSpec, type GroupSpec } from '../../src/cli/command-spec.js';
import { parseWithYargs } from '../../src/cli/yargs-spec.js';
import { addSpec, doctorSpec, feedbackSpec, migrateGroup, playbookGroup, relevanceGroup } from '../../src/messages/command-specs.js';
import { checkSpec } from '../../src/messages/commands.js';
import { recordLoads, loadsYargs } from '../helpers/loaded-modules.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-conventions-');

const example = () => temp(EXAMPLE);

/** What the CLI prints on stderr for a usage error a yargs command's parser throws, from its spec, in this process. */
function usageInProcess(spec: CommandSpec, argv: readonly string[]): string {
  try {
    parseWithYargs(spec, argv);
    return 'no error';
  } catch (error) {
    return `memdex: ${(error as Error).message}\n`;
  }
}
const subcommand = (group: GroupSpec, name: string) => group.subcommands.find((spec) => spec.name === `${group.name} ${name}`)!;

/** Runs memdex with a reader that closes its end at once: every write after that is EPIPE. */
function runWithClosedStdout(args: readonly string[], cwd: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('a closed stdout ends quietly', () => {
  test.each([[['rules']], [['compress-key', '--all']], [['migrate', 'plan', '--out=-', '--all']], [['when', 'writing mock tests']], [['check', '--format', 'json']], [['check', '--help']], [[]]])(
    'memdex %j | (reader gone)',
    async (args) => {
      const result = await runWithClosedStdout(args, example());
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
  );
});

describe('check says when nothing was checked', () => {
  test('a file outside any tree: exit 2, not "clean"', () => {
    const dir = temp();
    writeFileSync(join(dir, 'README.md'), '# hi\n');
    const result = runCli(['check', 'README.md'], { cwd: dir });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'memdex: nothing was checked: README.md is not in a memory tree (a folder holding memdex.config.json or agents/memory-index.md, at or above the file); pass --root to name one\n',
    );
    expect(result.status).toBe(2);
  });

  test('files that do not exist, outside any tree: exit 2', () => {
    const result = runCli(['check', 'nope.md', 'gone/too.md'], { cwd: temp() });
    expect(result.stderr).toMatch(/^memdex: nothing was checked: none of nope\.md, gone\/too\.md is in a memory tree/);
    expect(result.status).toBe(2);
  });

  test('a deleted file inside a tree still selects it (pre-commit passes deletions)', () => {
    const root = example();
    const result = runCli(['check', 'agents/decisions/deleted.md'], { cwd: root });
    expect([result.status, result.stdout]).toEqual([0, '✔ memory tree clean\n']);
  });
});

describe('machine formats carry a fatal input error', () => {
  const broken = () => {
    const root = example();
    writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    return root;
  };

  test('SARIF: a valid log whose invocation failed, with the error as a notification', () => {
    const result = runCli(['check', '--format', 'sarif'], { cwd: broken() });
    expect(result.status).toBe(2);
    const sarif = JSON.parse(result.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarif.runs[0].invocations).toEqual([
      { executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: expect.stringMatching(/agents\/decisions\/testing\.md.*UTF-8/) } }] },
    ]);
    expect(result.stderr).toMatch(/^memdex: agents\/decisions\/testing\.md/);
  });

  test('SARIF of a run that worked says so', () => {
    const sarif = JSON.parse(runCli(['check', '--format', 'sarif'], { cwd: example() }).stdout);
    expect(sarif.runs[0].invocations).toEqual([{ executionSuccessful: true }]);
  });

  test('JSON: the documented error object', () => {
    const result = runCli(['check', '--format', 'json'], { cwd: broken() });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({ error: { message: expect.stringMatching(/agents\/decisions\/testing\.md/), exitCode: 2 } });
  });

  test('a malformed config: line:column, and no "nothing was changed" from a read-only command', () => {
    const root = example();
    writeFileSync(join(root, 'memdex.config.json'), '{\n  "index": "agents/memory-index.md",\n}\n');
    const result = runCli(['check', '--format', 'json'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^memdex: memdex\.config\.json:3:1: invalid JSON: .+\n$/);
    expect(result.stderr).not.toMatch(/nothing was changed/);
    expect(JSON.parse(result.stdout).error.message).toMatch(/^memdex\.config\.json:3:1: invalid JSON/);
  });

  test('a corrupt relevance store read by `relevance show`: no "nothing was changed"', () => {
    const root = example();
    writeFileSync(join(root, '.claude', 'relevance.json'), '{oops');
    const result = runCli(['relevance', 'show', 'kpt_001', '--root', root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/relevance\.json: invalid JSON/);
    expect(result.stderr).not.toMatch(/nothing was changed/);
  });
});

describe('one rule for every command that writes about a key point', () => {
  test.each([['relevance', 'pin'], ['relevance', 'unpin'], ['relevance', 'auto'], ['feedback']])('%s %s kpt_777 (not in the playbook) is refused', (...command) => {
    const root = example();
    const result = runCli([...command.filter(Boolean), 'kpt_777', '--root', root, ...(command[0] === 'feedback' ? ['--tag', 'x=1'] : [])]);
    expect(result.stderr).toBe('memdex: kpt_777 is not a key point of .claude/playbook.json; expected one of the names in it (e.g. kpt_001)\n');
    expect(result.status).toBe(1);
  });

  test('a known key point is pinned', () => {
    const result = runCli(['relevance', 'pin', 'kpt_001', '--root', example()]);
    expect([result.status, result.stdout]).toEqual([0, 'kpt_001: pinned, by hand: scores will not change this.\n']);
  });
});

describe('when --format json: one result per query', () => {
  test('found, not-found and ambiguous queries keep their place in a batch', () => {
    const root = example();
    const result = runCli(['when', '-', '--format', 'json', '--root', root], { input: 'writing mock tests\nzzzz qqqq\nnull\n' });
    expect(result.status).toBe(1);
    const results = JSON.parse(result.stdout);
    expect(results.map((r: { query: string; status: string }) => [r.query, r.status])).toEqual([
      ['writing mock tests', 'found'],
      ['zzzz qqqq', 'not-found'],
      ['null', 'skipped'],
    ]);
    expect(results[0].section).toMatchObject({ heading: 'When Writing Mock Tests', file: 'agents/decisions/testing.md' });
    expect(results[1]).toMatchObject({ choices: expect.any(Array), message: expect.stringMatching(/no entry matches 'zzzz qqqq'/) });
  });

  test('a miss alone is an object, not []', () => {
    const result = runCli(['how', 'zzzz qqqq', '--format', 'json', '--root', example()]);
    expect(JSON.parse(result.stdout)).toEqual([{ query: 'zzzz qqqq', status: 'not-found', choices: expect.any(Array), message: expect.any(String), related: [] }]);
  });
});

describe('colour follows FORCE_COLOR and NO_COLOR', () => {
  const findings = () => {
    const root = example();
    writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when nothing like this\n');
    return root;
  };
  test('FORCE_COLOR=1 colours a piped output (lint-staged sets it)', () => {
    const result = runCli(['check'], { cwd: findings(), env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('\u001b[31merror\u001b[39m');
  });
  test('NO_COLOR turns it off; FORCE_COLOR=0 too', () => {
    expect(runCli(['check'], { cwd: findings(), env: { NO_COLOR: '1' } }).stdout).not.toContain('\u001b[');
    expect(runCli(['check'], { cwd: findings(), env: { NO_COLOR: '', FORCE_COLOR: '0' } }).stdout).not.toContain('\u001b[');
  });
});

describe('the command line for a new user', () => {
  test('memdex alone prints the help, exit 0', () => {
    const result = runCli([]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: memdex <command> \[options\]\n\nCommands:\n  memdex init /);
    expect(result.stderr).toBe('');
  });

  test('a typo gets a did-you-mean, exit 2', () => {
    const result = runCli(['chek']);
    expect(result.stderr).toBe("memdex: unknown command 'chek'. Did you mean check? Run `memdex --help` for the commands.\n");
    expect(result.status).toBe(2);
  });

  test('a typo in a subcommand too', () => {
    const result = runCli(['playbook', 'stat']);
    expect(result.stderr).toBe("memdex: unknown playbook command 'stat'. Did you mean stats? Expected one of: show, update, pending, approve, reject, migrate, stats.\n");
    expect(result.status).toBe(2);
  });

  test.each([
    [['check', '--fixx'], "memdex: unknown option '--fixx'. Did you mean --fix?\nRun `memdex check --help` for usage.\n"],
    [['check', '--quite'], "memdex: unknown option '--quite'. Did you mean --quiet?\nRun `memdex check --help` for usage.\n"],
    [['check', '--maxwarnings', '0'], "memdex: unknown option '--maxwarnings'. Did you mean --max-warnings?\nRun `memdex check --help` for usage.\n"],
    [['when', 'x', '--no-navv'], "memdex: unknown option '--no-navv'. Did you mean --no-nav?\nRun `memdex when --help` for usage.\n"],
    [['compress-key', '--alll'], "memdex: unknown option '--alll'. Did you mean --all?\nRun `memdex compress-key --help` for usage.\n"],
    [['add', 'when', 'x', '--file', 'a.md', '--dryrun'], "memdex: unknown option '--dryrun'. Did you mean --dry-run?\nRun `memdex add --help` for usage.\n"],
    [['--verison'], "memdex: unknown option '--verison'. Did you mean --version?\nRun `memdex --help` for usage.\n"],
    [['check', '--zzz'], "memdex: unknown option '--zzz'. An argument that starts with '-' and is not an option goes after '--', as in: memdex check -- --zzz\nRun `memdex check --help` for usage.\n"],
    [['when', '-x'], "memdex: unknown option '-x'. An argument that starts with '-' and is not an option goes after '--', as in: memdex when -- -x\nRun `memdex when --help` for usage.\n"],
  ])('a mistyped option gets a did-you-mean in balanced quotes, as a command does: memdex %j', (argv, stderr) => {
    const result = runCli(argv, { cwd: example() });
    expect([result.stderr, result.status]).toEqual([stderr, 2]);
  });
});

describe('one option spec drives parsing and --help', () => {
  test('check --help lists exactly what check accepts (no --version)', () => {
    const help = runCli(['check', '--help']).stdout;
    expect(help).not.toMatch(/--version/);
    const listed = [...help.matchAll(/^ +(?:-\w, )?--([\w-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual(['root', 'fix', 'staged', 'format', 'quiet', 'max-warnings', 'output-file', 'fix-dry-run', 'stdin', 'stdin-filename', 'print-config', 'help']);
    expect(runCli(['check', '--version']).stderr).toMatch(/^memdex: unknown option '--version'/);
    // The options listed are the spec's, and its parser takes each (with --help given, help would win over any option).
    expect(listed).toEqual([...Object.keys(checkSpec.options ?? {}), 'help']);
    for (const option of listed.filter((o) => !['help', 'root', 'format', 'max-warnings', 'output-file', 'stdin-filename'].includes(o!))) {
      expect(parseCommand(checkSpec, [`--${option}`])).toMatchObject({ values: { [option!]: true } });
    }
  });

  // Through the CLI: each per-call command (its own parser and fast path), a yargs command, a group's subcommand.
  test.each([['check'], ['when', 'x'], ['how', 'x'], ['resolve', 'x'], ['migrate', 'plan'], ['compress-key', '--all'], ['suggest', 'mock tests']])(
    'memdex %s with a repeated --root is a usage error, not a crash',
    (...command) => {
      const result = runCli([...command, '--root', '.', '--root', '.'], { cwd: example() });
      expect(result.stderr).toMatch(/^memdex: --root was given more than once; give it once\nRun `memdex .+ --help` for usage\.\n$/);
      expect(result.status).toBe(2);
    },
  );

  // The other yargs commands and subcommands: the same parser and wiring (run-command.ts), from their specs.
  test.each([
    ['migrate recover', subcommand(migrateGroup, 'recover'), []],
    ['playbook show', subcommand(playbookGroup, 'show'), []],
    ['playbook stats', subcommand(playbookGroup, 'stats'), []],
    ['relevance tags', subcommand(relevanceGroup, 'tags'), []],
    ['feedback', feedbackSpec, ['kpt_001']],
  ] as const)('memdex %s with a repeated --root: the same usage error (from its spec)', (_name, spec, args) => {
    expect(usageInProcess(spec, [...args, '--root', '.', '--root', '.'])).toBe(`memdex: --root was given more than once; give it once\nRun \`memdex ${spec.name} --help\` for usage.\n`);
  });

  test.each([
    [['compress-key', '--all', '--all'], 'all', 'compress-key'],
    [['migrate', 'plan', '--all', '--all'], 'all', 'migrate plan'],
    [['check', '--quiet', '--quiet'], 'quiet', 'check'],
    [['when', 'x', '--no-nav', '--no-nav'], 'no-nav', 'when'],
  ])('memdex %j: a repeated boolean option is a usage error too, as the README says of every option', (argv, option, command) => {
    const result = runCli(argv, { cwd: example() });
    expect([result.stderr, result.status]).toEqual([`memdex: --${option} was given more than once; give it once\nRun \`memdex ${command} --help\` for usage.\n`, 2]);
  });

  test.each([
    ['add', addSpec, ['when', 'x', '--file', 'cli.md', '--dry-run', '--dry-run'], 'dry-run'],
    ['doctor', doctorSpec, ['--plugin', '--plugin'], 'plugin'],
  ] as const)('memdex %s: a repeated boolean option, the same usage error (from its spec, as compress-key above)', (_name, spec, argv, option) => {
    expect(usageInProcess(spec, argv)).toBe(`memdex: --${option} was given more than once; give it once\nRun \`memdex ${spec.name} --help\` for usage.\n`);
  });

  test.each([
    [['suggest', 'x', '--limit', '2', '--limit', '3'], 'memdex: --limit was given more than once; give it once\nRun `memdex suggest --help` for usage.\n'],
    [['suggest', 'x', '--limit', 'ten'], 'memdex: --limit ten: expected a number\nRun `memdex suggest --help` for usage.\n'],
    [['relevance', 'evaluate', '--timeout', 'soon'], 'memdex: --timeout soon: expected a number\nRun `memdex relevance evaluate --help` for usage.\n'],
    [['relevance', 'evaluate', '--timeout='], 'memdex: --timeout : expected a number\nRun `memdex relevance evaluate --help` for usage.\n'],
    [['rules', '--format', 'xml'], 'memdex: --format xml: expected one of text, json\nRun `memdex rules --help` for usage.\n'],
    [['check', '--format', 'xml'], 'memdex: --format xml: expected one of stylish, json, github, sarif, junit\nRun `memdex check --help` for usage.\n'],
    [['feedback'], 'memdex: missing argument <id>\nRun `memdex feedback --help` for usage.\n'],
    [['playbook', 'update'], 'memdex: missing required option --extraction\nRun `memdex playbook update --help` for usage.\n'],
    [['migrate', 'apply', 'a.tsv', 'b.tsv'], "memdex: unexpected argument 'b.tsv'\nRun `memdex migrate apply --help` for usage.\n"],
    [['rules', '--dryRun'], "memdex: unknown option '--dryRun'. An argument that starts with '-' and is not an option goes after '--', as in: memdex rules -- --dryRun\nRun `memdex rules --help` for usage.\n"],
    [['--bogus'], "memdex: unknown option '--bogus'. An argument that starts with '-' and is not an option goes after '--', as in: memdex -- --bogus\nRun `memdex --help` for usage.\n"],
  ])('memdex %j: a usage error in the same words from either parser, exit 2', (argv, stderr) => {
    const result = runCli(argv, { cwd: example() });
    expect([result.stderr, result.status]).toEqual([stderr, 2]);
  });

  test('memdex --version and -v print the version; the top-level help lists every command', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(runCli(['--version']).stdout).toBe(`${version}\n`);
    expect(runCli(['-v']).stdout).toBe(`${version}\n`);
    const help = runCli(['--help']).stdout;
    const listed = [...help.matchAll(/^ {2}memdex ([\w-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual(['init', 'doctor', 'uninstall', 'check', 'baseline', 'rules', 'when', 'how', 'resolve', 'suggest', 'recall', 'compress-key', 'add', 'promote', 'migrate', 'playbook', 'hook', 'feedback', 'relevance', 'learn', 'mcp', 'lsp']);
    expect(help).toMatch(/^ {2}-v, --version +Print the version/m);
    expect(help).toMatch(/\nExit codes: 0 clean, 1 findings, 2 usage or internal error\./);
  });

  test.each([['when'], ['how'], ['resolve'], ['hook'], ['playbook', 'update'], ['relevance', 'evaluate'], ['migrate', 'apply'], ['add']])('memdex %s --help, from the spec', (...command) => {
    const result = runCli([...command, '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: memdex ${command.join(' ')} `));
    expect(result.stdout).toMatch(/\n {2}-h, --help +Show this help +\[boolean\]\n/);
  });
});

describe('exit codes for broken input are the same everywhere', () => {
  test('a malformed playbook: check reports it as a finding (1); commands that need it stop (2)', () => {
    const root = example();
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(join(root, '.claude', 'playbook.json'), '{"version": "1.0", "key_points": [');
    expect(runCli(['check'], { cwd: root }).status).toBe(1);
    for (const args of [['playbook', 'show'], ['playbook', 'stats'], ['feedback', 'kpt_001', '--tag', 'x=1'], ['relevance', 'pin', 'kpt_001'], ['relevance', 'inject']]) {
      const result = runCli([...args, '--root', root]);
      expect([args.join(' '), result.status]).toEqual([args.join(' '), 2]);
      expect(result.stderr).toMatch(/\.claude\/playbook\.json:1:\d+/);
    }
  });
});

describe('the per-call commands stay lean', () => {
  /** The Node built-ins a run loaded (process.moduleLoadList, written at exit by a preload). */
  function builtinsLoaded(args: readonly string[], options: { cwd: string; input?: string; env?: Record<string, string> }): string[] {
    const dir = temp();
    const out = join(dir, 'loaded.txt');
    writeFileSync(join(dir, 'record.cjs'), `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));\n`);
    const result = runCli(args, { ...options, env: { ...options.env, NODE_OPTIONS: `--require "${join(dir, 'record.cjs')}"` } });
    expect(result.stderr).toBe('');
    return readFileSync(out, 'utf8').split('\n');
  }

  test('an exact `when` hit builds no stdout stream (it writes to the descriptor): node:stream and node:net stay unloaded', () => {
    const root = example();
    // Files older than the cache's racy window: trusted by their stamps, so nothing is hashed (node:crypto loads node:stream).
    const old = new Date(Date.now() - 3_600_000);
    for (const file of [join(root, 'agents', 'memory-index.md'), ...readdirSync(join(root, 'agents', 'decisions')).map((name) => join(root, 'agents', 'decisions', name))]) utimesSync(file, old, old);
    const env = { MEMDEX_CACHE_DIR: temp() };
    expect(runCli(['when', 'writing mock tests', '--root', root], { env }).status).toBe(0); // builds the cache
    const loaded = builtinsLoaded(['when', 'writing mock tests', '--root', root], { cwd: root, env });
    expect(loaded).toContain('NativeModule fs'); // the record is real
    expect(loaded.filter((name) => name === 'NativeModule stream' || name === 'NativeModule net')).toEqual([]);
    // node:v8 only for a one-query fuzzy match (src/when/short-run.ts caps V8's tiers there), never for an exact hit
    expect(loaded).not.toContain('NativeModule v8');
    const typo = builtinsLoaded(['when', 'writing mock test', '--root', root], { cwd: root, env });
    expect(typo).toContain('NativeModule v8');
  });

  test('check and the prompt hook never load child_process (only --staged and migrate run git)', () => {
    const root = example();
    expect(builtinsLoaded(['check'], { cwd: root })).not.toContain('NativeModule child_process');
    const hook = builtinsLoaded(['hook', 'user-prompt-submit'], { cwd: root, input: JSON.stringify({ session_id: 's-lean' }), env: { CLAUDE_PROJECT_DIR: root } });
    expect(hook).not.toContain('NativeModule child_process');
    expect(hook).toContain('NativeModule fs'); // the record is real
  });
});

describe('only the commands that are not run per call load yargs (it renders every --help)', () => {
  /** Whether a run loaded yargs (test/helpers/loaded-modules.ts records the dist/ files it loaded). */
  function runLoadsYargs(args: readonly string[], options: { cwd: string; input?: string; env?: Record<string, string> }): boolean {
    const record = recordLoads(temp());
    runCli(args, { ...options, env: { ...options.env, NODE_OPTIONS: record.nodeOptions } });
    expect(record.files().length).toBeGreaterThan(0); // the record is real
    return loadsYargs(record.files());
  }

  test('check, when (past the fast path: a fuzzy query) and the prompt hook do not', () => {
    const root = example();
    expect(runLoadsYargs(['check'], { cwd: root })).toBe(false);
    expect(runLoadsYargs(['when', 'writing mok tests', '--root', root], { cwd: root, env: { MEMDEX_CACHE_DIR: temp() } })).toBe(false);
    expect(runLoadsYargs(['hook', 'user-prompt-submit'], { cwd: root, input: JSON.stringify({ session_id: 's-lean' }), env: { CLAUDE_PROJECT_DIR: root } })).toBe(false);
  });

  test('their --help does, and so do the other commands', () => {
    const root = example();
    expect(runLoadsYargs(['check', '--help'], { cwd: root })).toBe(true);
    expect(runLoadsYargs(['rules'], { cwd: root })).toBe(true);
  });
});

describe('stdin crosses from the when fast path to the full CLI explicitly (no globalThis)', () => {
  test('a batch the cached table cannot answer (a plural dropped) still resolves every query read from stdin', () => {
    const root = example();
    const cache = temp();
    const env = { MEMDEX_CACHE_DIR: cache };
    expect(runCli(['when', 'writing mock tests', '--root', root], { env }).status).toBe(0); // builds the cache
    const result = runCli(['when', '-', '--root', root, '--format', 'json'], { env, input: 'writing mock tests\nwriting mock test\n' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout).map((r: { status: string; section: { heading: string } }) => [r.status, r.section.heading])).toEqual([
      ['found', 'When Writing Mock Tests'],
      ['found', 'When Writing Mock Tests'],
    ]);
  });
});
