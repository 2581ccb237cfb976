/**
 * What linter users expect from ESLint and markdownlint-cli2 (issue 25 item 4), each as the user sees it:
 * `check --stdin --stdin-filename F` (an editor's unsaved buffer), `--print-config [file]`, `--fix-dry-run`
 * (a diff, nothing written), the `junit` format, `memdex rules` at the config's severities, and local rules
 * through config `plugins` (loaded by `check` alone: never by `when` or the hooks).
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-conveniences-');
const INDEX = 'agents/memory-index.md';
const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');

/** The example tree with two index entries out of heading order (index/entry-order, fixable). */
function unordered(): string {
  const dir = temp(EXAMPLE);
  const text = read(dir, INDEX).replace('/when printing errors | stderr, exit codes\n/how parse command line flags | argv, yargs', '/how parse command line flags | argv, yargs\n/when printing errors | stderr, exit codes');
  writeFileSync(join(dir, INDEX), text);
  return dir;
}

describe('--stdin --stdin-filename', () => {
  test('the buffer is checked in place of the file, with the rest of the tree from disk; only its findings are shown', () => {
    const dir = temp(EXAMPLE);
    const buffer = read(dir, INDEX).replace('/when printing errors | stderr, exit codes', '/when printing errorz');
    const result = runCli(['check', '--stdin', '--stdin-filename', INDEX], { cwd: dir, input: buffer });
    expect(result.stdout).toBe(
      [
        "agents/memory-index.md:15:1  error  Entry `/when printing errorz` has no heading; expected a heading `When Printing Errorz` in agents/decisions/cli.md. Did you mean `When Printing Errors` (agents/decisions/cli.md:7)?  index/entry-has-heading",
        '    agents/decisions/cli.md:7:1: closest heading',
        '',
        '✖ 1 problem (1 error, 0 warnings)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
    // the heading that lost its entry is cli.md's finding, not the buffer's: not shown
    expect(result.stdout).not.toContain('decision/heading-has-entry');
    expect(runCli(['check'], { cwd: dir }).status).toBe(0); // nothing was written
  });

  test('an unsaved new decision file; json format', () => {
    const dir = temp(EXAMPLE);
    const result = runCli(['check', '--stdin', '--stdin-filename', 'agents/decisions/new.md', '--format', 'json'], { cwd: dir, input: '# New\n\n## When Flying Kites\n\nOne line.\n' });
    const found = JSON.parse(result.stdout) as { ruleId: string; file: string }[];
    expect(found.map((d) => `${d.file} ${d.ruleId}`)).toEqual(['agents/decisions/new.md decision/heading-has-entry']);
  });

  test.each([
    [['--stdin'], '--stdin needs --stdin-filename FILE'],
    [['--stdin-filename', INDEX], '--stdin-filename names the file that --stdin reads; give --stdin too'],
    [['--stdin', '--stdin-filename', INDEX, '--fix'], '--stdin cannot be combined with --fix'],
    [['--stdin', '--stdin-filename', 'README.md'], 'README.md is not a memory file of the tree at'],
  ])('%j: a usage error (exit 2)', (args, message) => {
    const result = runCli(['check', ...args], { cwd: temp(EXAMPLE), input: '' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('--print-config', () => {
  test('the configuration in effect: defaults filled, every rule with its severity and options', () => {
    const dir = temp(EXAMPLE);
    writeFileSync(join(dir, 'memdex.config.json'), '{"rules": {"index/size-budget": {"severity": "error", "options": {"maxTokens": 9000}}, "decision/line-limit": "off"}}\n');
    const result = runCli(['check', '--print-config', join(dir, INDEX)]);
    expect(result.status).toBe(0);
    const config = JSON.parse(result.stdout) as { index: string; learn: { model: string }; ignores: string[]; rules: Record<string, { severity: string; options: Record<string, unknown> }> };
    expect(config.index).toBe('agents/memory-index.md');
    expect(config.learn.model).toBe('haiku');
    expect(config.ignores).toEqual([]);
    expect(config.rules['index/size-budget']).toEqual({ severity: 'error', options: { maxTokens: 9000 } });
    expect(config.rules['decision/line-limit']).toEqual({ severity: 'off', options: { max: 400 } });
    expect(config.rules['index/entry-format']).toEqual({ severity: 'error', options: {} });
    expect(Object.keys(config.rules)).toHaveLength(JSON.parse(runCli(['rules', '--format', 'json']).stdout).length);
  });
});

describe('--fix-dry-run', () => {
  test('prints the diff --fix would write, then the findings left; writes nothing', () => {
    const dir = unordered();
    const before = read(dir, INDEX);
    const result = runCli(['check', '--fix-dry-run'], { cwd: dir });
    expect(result.stdout).toBe(
      [
        '--- a/agents/memory-index.md',
        '+++ b/agents/memory-index.md',
        '@@ -12,8 +12,8 @@',
        ' ',
        ' ## agents/decisions/cli.md',
        ' ',
        '-/how parse command line flags | argv, yargs',
        ' /when printing errors | stderr, exit codes',
        '+/how parse command line flags | argv, yargs',
        ' /when adding a new subcommand',
        ' ',
        ' ## agents/decisions/testing.md',
        '',
        '✔ memory tree clean',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('dry run: 1 file would change; nothing was written\n');
    expect(result.status).toBe(0);
    expect(read(dir, INDEX)).toBe(before);
    expect(runCli(['check'], { cwd: dir }).status).toBe(1);
  });

  test('with --stdin: what --fix would make of the buffer', () => {
    const dir = temp(EXAMPLE);
    const buffer = read(unordered(), INDEX);
    const result = runCli(['check', '--stdin', '--stdin-filename', INDEX, '--fix-dry-run'], { cwd: dir, input: buffer });
    expect(result.stdout).toContain('+/how parse command line flags | argv, yargs');
    expect(result.status).toBe(0);
  });

  test('machine formats are refused with it', () => {
    const result = runCli(['check', '--fix-dry-run', '--format', 'json'], { cwd: unordered() });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--fix-dry-run prints a diff and a stylish report; --format json is for reports of --fix or a plain check');
  });
});

describe('--format junit', () => {
  test('one testsuite per file with findings, one testcase per finding; text escaped for XML', () => {
    const dir = temp(EXAMPLE);
    writeFileSync(join(dir, 'agents', 'decisions', 'cli.md'), `${read(dir, 'agents/decisions/cli.md')}\n## When <Tags> & "Quotes"\n\nx\ny\nz\n`);
    const result = runCli(['check', '--format', 'junit'], { cwd: dir });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<testsuites>\n<testsuite package="memdex" time="0" tests="1" errors="1" failures="0" name="agents\/decisions\/cli\.md">\n<testcase time="0" name="memdex\.decision\/heading-has-entry" classname="agents\/decisions\/cli\.md"><failure message="Heading `When &lt;Tags&gt; &amp; &quot;Quotes&quot;` has no index entry; [^"]*" type="error">line \d+, col 1, Error - Heading `When &lt;Tags&gt; &amp; &quot;Quotes&quot;` has no index entry; .*\(decision\/heading-has-entry\)<\/failure><\/testcase>\n<\/testsuite>\n<\/testsuites>\n$/);
  });

  test('a clean tree is one passing test case', () => {
    const result = runCli(['check', '--format', 'junit'], { cwd: temp(EXAMPLE) });
    expect(result).toMatchObject({ status: 0, stdout: '<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n<testsuite package="memdex" time="0" tests="1" errors="0" failures="0" name="memdex check">\n<testcase time="0" name="memdex check" classname="memdex"></testcase>\n</testsuite>\n</testsuites>\n' });
  });
});

describe('memdex rules', () => {
  test('the severities the config gives, each with its default; outside a tree, the defaults as before', () => {
    const plain = runCli(['rules'], { cwd: temp() });
    expect(runCli(['rules'], { cwd: temp(EXAMPLE) }).stdout).toBe(plain.stdout); // a tree without config: the same list
    const dir = temp(EXAMPLE);
    writeFileSync(join(dir, 'memdex.config.json'), '{"rules": {"index/size-budget": "error", "decision/line-limit": "off", "index/entry-format": "error"}}\n');
    const lines = runCli(['rules'], { cwd: dir }).stdout.split('\n');
    expect(lines.find((l) => l.startsWith('index/size-budget '))).toMatch(/^index\/size-budget +error .*\(set in memdex\.config\.json; default warning\)$/);
    expect(lines.find((l) => l.startsWith('decision/line-limit '))).toMatch(/^decision\/line-limit +off .*\(set in memdex\.config\.json; default error\)$/);
    expect(lines.find((l) => l.startsWith('index/entry-format '))).not.toContain('set in');
    const json = JSON.parse(runCli(['rules', '--format', 'json'], { cwd: dir }).stdout) as { id: string; severity: string; setting?: string }[];
    expect(json.find((r) => r.id === 'index/size-budget')).toMatchObject({ severity: 'warning', setting: 'error' });
    expect(json.find((r) => r.id === 'index/no-duplicate-entry')).not.toHaveProperty('setting');
  });
});

describe('local rules: config plugins', () => {
  const PLUGIN = `import { writeFileSync } from 'node:fs';
// Leaves a mark when loaded, so the test sees which commands load it.
writeFileSync(new URL('./loaded-' + process.pid, import.meta.url), '');
export default {
  meta: { id: 'local/no-todo', description: 'No TODO in a decision file', severity: 'warning', fixable: false },
  *check(project) {
    for (const file of project.decisions) {
      const at = file.text.indexOf('TODO');
      if (at === -1) continue;
      const line = file.text.slice(0, at).split('\\n').length;
      const start = { line, column: 1, offset: file.text.lastIndexOf('\\n', at) + 1 };
      yield { path: file.path, span: { start, end: { line, column: 5, offset: start.offset + 4 } }, message: 'TODO left in a decision file; expected the decision itself' };
    }
  },
};
`;
  function withPlugin(config: object): string {
    const dir = temp(EXAMPLE);
    mkdirSync(join(dir, 'memdex-rules'));
    writeFileSync(join(dir, 'memdex-rules', 'no-todo.mjs'), PLUGIN);
    writeFileSync(join(dir, 'memdex.config.json'), JSON.stringify({ plugins: ['./memdex-rules/no-todo.mjs'], ...config }));
    writeFileSync(join(dir, 'agents', 'decisions', 'cli.md'), `${read(dir, 'agents/decisions/cli.md')}\nTODO: finish\n`);
    return dir;
  }
  const marks = (dir: string) => (existsSync(join(dir, 'memdex-rules')) ? readdirSync(join(dir, 'memdex-rules')).filter((n) => n.startsWith('loaded-')).length : 0);

  test('a local rule reports like a built-in one, at the severity the config gives it; --format json and junit carry it', () => {
    const dir = withPlugin({ rules: { 'local/no-todo': 'error' } });
    const result = runCli(['check'], { cwd: dir });
    expect(result.stdout).toMatch(/^agents\/decisions\/cli\.md:\d+:1 {2}error {2}TODO left in a decision file; expected the decision itself {2}local\/no-todo\n/);
    expect(result.status).toBe(1);
    expect(runCli(['check', '--format', 'junit'], { cwd: dir }).stdout).toContain('name="memdex.local/no-todo"');
    expect(JSON.parse(runCli(['check', '--format', 'sarif'], { cwd: dir }).stdout).runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain('local/no-todo');
  });

  test('loaded by check only: when, suggest and the prompt hook never run the tree\'s code', () => {
    const dir = withPlugin({});
    expect(runCli(['when', 'printing errors'], { cwd: dir }).status).toBe(0);
    expect(runCli(['suggest', 'printing errors'], { cwd: dir }).status).toBe(0);
    runCli(['hook', 'user-prompt-submit'], { cwd: dir, input: JSON.stringify({ session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'hi', cwd: dir }) });
    expect(marks(dir)).toBe(0);
    expect(runCli(['check'], { cwd: dir }).status).toBe(0); // a warning
    expect(marks(dir)).toBe(1);
  });

  test.each([
    ['module.exports = 42;', 'expected a default export (or module.exports) that is a rule'],
    ["module.exports = { meta: { id: 'NoPrefix', description: 'x', severity: 'error', fixable: false }, check() { return []; } };", 'rule id "NoPrefix" must be "<prefix>/<name>"'],
    ["module.exports = { meta: { id: 'index/entry-format', description: 'x', severity: 'error', fixable: false }, check() { return []; } };", 'rule id "index/entry-format" is already a rule'],
    ['throw new Error("boom");', 'cannot be loaded: boom'],
  ])('a plugin that cannot be used: named, exit 2 (%s)', (source, message) => {
    const dir = temp(EXAMPLE);
    writeFileSync(join(dir, 'rule.cjs'), source);
    writeFileSync(join(dir, 'memdex.config.json'), '{"plugins": ["rule.cjs"]}');
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`memdex.config.json: plugins[0] rule.cjs: ${message}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
