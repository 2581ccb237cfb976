/**
 * `memdex check --format sarif` validates against the official SARIF 2.1.0 JSON Schema
 * (the file @microsoft/jest-sarif ships) for every fixture tree, both real corpora and
 * each edge case, and carries what code scanning needs: URIs relative to %SRCROOT%,
 * related locations, rule help, fingerprints that survive line moves.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { copyWritable } from '../helpers/temp-dirs.js';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AFTER, BEFORE, REPO, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const SCHEMA = join(REPO, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
// unicodeRegExp off: the schema's language pattern has a stray `]`, legal only without the u flag.
// Both are CommonJS with `exports.default`: under NodeNext the default import is module.exports.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));

const temp = mkdtempSync(join(tmpdir(), 'memdex-sarif-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let copies = 0;
function copy(source: string): string {
  const dir = join(temp, String(copies++));
  copyWritable(source, dir);
  return dir;
}

interface SarifLog {
  runs: {
    originalUriBaseIds: Record<string, { uri: string }>;
    tool: { driver: { rules: { id: string; helpUri: string; fullDescription: { text: string } }[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications?: { message: { text: string } }[] }[];
    results: {
      ruleId: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } } }[];
      relatedLocations?: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      partialFingerprints: Record<string, string>;
    }[];
  }[];
}

/** Runs the check, asserts the exit code and schema validity, returns the log. */
function sarif(args: readonly string[], cwd: string, status: number | 'findings or clean'): SarifLog {
  const result = runCli(['check', '--format', 'sarif', ...args], { cwd });
  if (status === 'findings or clean') expect([0, 1]).toContain(result.status);
  else expect(result.status).toBe(status);
  if (result.status !== 2) expect(result.stderr).toBe('');
  const log = JSON.parse(result.stdout) as SarifLog;
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  for (const r of log.runs[0]!.results) {
    for (const loc of [...r.locations, ...(r.relatedLocations ?? [])]) {
      expect(loc.physicalLocation.artifactLocation.uri).not.toMatch(/^(\/|file:|\.\.)/);
    }
  }
  return log;
}

/** Every folder holding a memory tree (agents/memory-index.md) under the given folders. */
function fixtureTrees(...dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'agents', 'memory-index.md'))) found.push(dir);
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory() && e.name !== 'agents') walk(join(dir, e.name));
  };
  for (const d of dirs) walk(d);
  return found.sort();
}

describe('SARIF from every fixture tree is valid SARIF 2.1.0', () => {
  const trees = fixtureTrees(join(REPO, 'fixtures'), join(REPO, 'test', 'fixtures'));
  test('the fixtures are found', () => expect(trees.length).toBeGreaterThan(10));
  test.each(trees.map((t) => [relative(REPO, t), t]))('%s', (_name, tree) => {
    const log = sarif([], copy(tree), 'findings or clean');
    expect(log.runs[0]!.invocations[0]!.executionSuccessful).toBe(true);
  });
});

describeCorpora('SARIF from the real corpora', () => {
  test('before-migration: 152+ results, all valid, repo-relative', () => {
    const log = sarif([], copy(BEFORE), 1);
    expect(log.runs[0]!.results.length).toBeGreaterThanOrEqual(152);
    const index = log.runs[0]!.results.filter((r) => r.ruleId === 'index/entry-format');
    expect(index).toHaveLength(152);
    for (const r of index) expect(r.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: 'agents/memory-index.md', uriBaseId: '%SRCROOT%' });
  });
  test('after-migration: valid', () => {
    sarif([], copy(AFTER), 'findings or clean');
  });
});

describe('SARIF edge cases', () => {
  test('zero findings: an empty results array and a successful invocation', () => {
    const log = sarif([], copy(join(REPO, 'fixtures', 'example')), 0);
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.invocations).toEqual([{ executionSuccessful: true }]);
  });

  test('a fatal input error (binary memory index): a failed invocation naming the file', () => {
    const tree = copy(join(REPO, 'fixtures', 'example'));
    writeFileSync(join(tree, 'agents', 'memory-index.md'), 'a\0b');
    const log = sarif([], tree, 2);
    expect(log.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications![0]!.message.text).toMatch(/memory-index\.md:1: binary file/);
  });

  test.each([
    ['options not an object', { rules: { 'decision/line-limit': { options: 'ten' } } }],
    ['an option of the wrong type', { rules: { 'decision/line-limit': { options: { max: 'ten' } } } }],
    ['an unknown rule', { rules: { 'decision/no-such-rule': 'error' } }],
    ['malformed JSON', '{"rules": {'],
  ])('bad rule options (%s): the config is refused (exit 2), in a valid document', (_name, config) => {
    const tree = copy(join(REPO, 'fixtures', 'example'));
    writeFileSync(join(tree, 'memdex.config.json'), typeof config === 'string' ? config : JSON.stringify(config));
    const log = sarif([], tree, 2);
    expect(log.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
  });

  test('a run from a subfolder: URIs relative to %SRCROOT%, the tree root, as file:// URI', () => {
    const tree = copy(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading'));
    const log = sarif([], join(tree, 'agents', 'decisions'), 1);
    expect(log.runs[0]!.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(tree).href}/` } });
    const uris = log.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri);
    expect(uris).toContain('agents/decisions/b.md');
  });

  test('a tree below the cwd (--root): URIs relative to the cwd, so code scanning matches repository paths', () => {
    const repo = join(temp, `repo-${copies++}`);
    cpSync(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading'), join(repo, 'docs memory'), { recursive: true });
    const log = sarif(['--root', 'docs memory'], repo, 1);
    expect(log.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri).toBe(`${pathToFileURL(repo).href}/`);
    expect(log.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri)).toContain('docs%20memory/agents/decisions/b.md');
  });
});

describe('SARIF over GitHub code scanning\'s 25,000 results per run', () => {
  test('-o writes a valid log of the first 25,000 errors with a notification, and says so on stderr', () => {
    const tree = copy(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading'));
    // 12,501 headings `a`: each has no entry (an error) and all but the first are duplicates (another): 25,001, + the line limit.
    writeFileSync(join(tree, 'agents', 'decisions', 'many.md'), '### a\n'.repeat(12_501));
    expect(runCli(['check', '--format', 'json', '-o', 'all.json'], { cwd: tree }).status).toBe(1);
    const total = (JSON.parse(readFileSync(join(tree, 'all.json'), 'utf8')) as unknown[]).length;
    expect(total).toBeGreaterThan(25_002);
    const result = runCli(['check', '--format', 'sarif', '-o', 'out/memdex.sarif'], { cwd: tree });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const note = `This log holds 25,000 of ${total.toLocaleString('en-US')} results (errors first, then warnings, each in report order): GitHub code scanning accepts at most 25,000 per run. \`memdex check --format json\` lists every finding.`;
    expect(result.stderr).toBe(`memdex: ${note}\n`);
    const log = JSON.parse(readFileSync(join(tree, 'out', 'memdex.sarif'), 'utf8')) as SarifLog;
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect(log.runs[0]!.results).toHaveLength(25_000);
    expect(log.runs[0]!.invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: note } }] }]);
  });
});

describe('SARIF content for code scanning', () => {
  test('a duplicate heading carries its first definition as a related location', () => {
    const log = sarif([], copy(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading')), 1);
    const dup = log.runs[0]!.results.find((r) => r.ruleId === 'decision/no-duplicate-heading')!;
    expect(dup.relatedLocations).toEqual([
      expect.objectContaining({
        physicalLocation: expect.objectContaining({ artifactLocation: { uri: 'agents/decisions/a.md', uriBaseId: '%SRCROOT%' } }),
        message: { text: expect.stringMatching(/first/i) },
      }),
    ]);
  });

  test('every rule has a full description (sentences: what, default severity, fix) and a help page on the repository', async () => {
    const log = sarif([], copy(join(REPO, 'fixtures', 'example')), 0);
    const homepage = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { homepage: string }).homepage;
    const { allRules } = await import('../../src/rules/registry.js');
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(allRules.map((r) => r.meta.id));
    for (const [i, rule] of log.runs[0]!.tool.driver.rules.entries()) {
      const { description, severity, fixable } = allRules[i]!.meta;
      expect(rule.helpUri).toBe(`${homepage}/blob/main/docs/rules/${rule.id}.md`);
      expect(rule.fullDescription.text).toBe(
        `${description.replace(/[^.]$/, '$&.')} Default severity: ${severity}.${fixable ? ' Fixable: `memdex check --fix` applies the fix.' : ''} The rule's page has examples and options.`,
      );
    }
  });

  test('fingerprints survive lines inserted above a finding, and differ between findings', () => {
    const tree = copy(join(REPO, 'test', 'fixtures', 'rules', 'decision', 'no-duplicate-heading'));
    const before = sarif([], tree, 1).runs[0]!.results;
    const file = join(tree, 'agents', 'decisions', 'b.md');
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf('\n') + 1;
    writeFileSync(file, `${text.slice(0, at)}\nA paragraph added.\n\nAnother one.\n${text.slice(at)}`);
    const after = sarif([], tree, 1).runs[0]!.results;
    const key = (rs: typeof before) => rs.map((r) => [r.ruleId, r.partialFingerprints['memdex/v1']]);
    expect(key(after)).toEqual(key(before));
    expect(after.map((r) => r.locations[0]!.physicalLocation.region.startLine)).not.toEqual(
      before.map((r) => r.locations[0]!.physicalLocation.region.startLine),
    );
    expect(new Set(before.map((r) => r.partialFingerprints['memdex/v1'])).size).toBe(before.length);
  });
});

