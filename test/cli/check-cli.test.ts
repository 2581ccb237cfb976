/** `memdex check` through the built CLI on the real corpora, in every output format. */
import { describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AFTER, BEFORE, copyTree, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

describeCorpora('memdex check on the real corpora', () => {
  test('after-migration: exit 0, no errors', () => {
    const result = runCli(['check', '--format', 'json'], { cwd: copyTree(AFTER) });
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as JsonFinding[]).filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('before-migration: exit 1 with exactly 152 errors, all entry-format on old lines, each naming memdex migrate', () => {
    const result = runCli(['check', '--format', 'json', '--quiet'], { cwd: copyTree(BEFORE) });
    expect(result.status).toBe(1);
    const findings = JSON.parse(result.stdout) as JsonFinding[];
    expect(findings).toHaveLength(152);
    for (const f of findings) {
      expect([f.ruleId, f.file, f.severity]).toEqual(['index/entry-format', 'agents/memory-index.md', 'error']);
      expect(f.message).toMatch(/memdex migrate/);
      expect(f.line).toBeGreaterThan(0);
      expect(f.column).toBe(1);
    }
  });
});

describeCorpora('output formats', () => {
  const broken = () => {
    const dir = copyTree(AFTER);
    const index = join(dir, 'agents/memory-index.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace('/how output errors to stderr', '/how output errors to stdout'));
    return dir;
  };

  test('stylish: file:line:column, severity, message with did-you-mean, rule id, related place', () => {
    const result = runCli(['check'], { cwd: broken() });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^agents\/memory-index\.md:20:1 {2}error {2}Entry `\/how output errors to stdout` has no heading; expected a heading `How to Output Errors To Stdout` in agents\/decisions\/cli\.md\. Did you mean `How to Output Errors To Stderr` \(agents\/decisions\/cli\.md:15\)\? {2}index\/entry-has-heading$/m,
    );
    expect(result.stdout).toMatch(/^ {4}agents\/decisions\/cli\.md:15:1: closest heading$/m);
  });

  test('github: annotations with escaped properties, and a step summary table', () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'memdex-summary-')), 'summary.md');
    const result = runCli(['check'], { cwd: broken(), env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error file=agents\/memory-index\.md,line=20,col=1,endLine=20,endColumn=\d+,title=index\/entry-has-heading::Entry /m);
    expect(readFileSync(summary, 'utf8')).toMatch(/\| error \| <code>agents\/memory-index\.md:20:1<\/code> \|/);
  });

  test('sarif: a 2.1.0 log with the rules and a located result', () => {
    const result = runCli(['check', '--format', 'sarif'], { cwd: broken() });
    const sarif = JSON.parse(result.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain('index/entry-has-heading');
    const error = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'index/entry-has-heading');
    expect(error.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'agents/memory-index.md', uriBaseId: '%SRCROOT%' },
      region: expect.objectContaining({ startLine: 20, startColumn: 1 }),
    });
  });
});
