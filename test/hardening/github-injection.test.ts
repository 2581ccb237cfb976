/**
 * Issue 16 §6: no file name or heading can inject a GitHub workflow command through `check --format github`.
 * GitHub runs any output line that starts (after blanks) with `::` as a command; the step summary is markdown,
 * where a raw `|` adds a table cell, a newline ends the row and HTML renders. Hostile names are generated.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { formatGithub, githubSummary } from '../../src/cli/format/github.js';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Our own annotation lines: every property value free of the characters that end a property. */
const ANNOTATION = /^::(error|warning) file=[^:,\r\n]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:,\r\n]*::[^\r\n]*$/;
const PAYLOADS = ['\n::warning file=README.md,line=1::pwned', '\r::error::cr', '%0A::warning::pct', 'a|b|c', '<img src=x onerror=alert(1)>', '  ::notice::indented', '`tick`', '##[warning]legacy'];

/** Generated hostile names: each payload alone and in pairs, at the start, middle and end of the name. */
function hostileNames(): string[] {
  const names: string[] = [];
  PAYLOADS.forEach((p, i) => {
    names.push(`n${i}${p}.md`, `${p}n${i}.md`);
    PAYLOADS.forEach((q, j) => j !== i && names.push(`m${i}-${j}${p}x${q}.md`));
  });
  return names;
}

function expectNoCommandInjected(stdout: string): void {
  for (const line of stdout.split('\n').filter(Boolean)) {
    if (/^\s*::/.test(line)) expect(line).toMatch(ANNOTATION);
    expect(line).not.toMatch(/\r/);
    expect(line).not.toContain('##[');
  }
}

function expectWellFormedSummary(summary: string, rows: number): void {
  const tableRows = summary.split('\n').filter((l) => l.startsWith('| '));
  expect(tableRows).toHaveLength(rows + 1);
  for (const row of tableRows) {
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(6);
    expect(row).not.toMatch(/<(?!\/?code>)/);
    expect(row).not.toMatch(/\r/);
  }
}

describe('github format escapes every field of every line', () => {
  test('generated hostile names in paths, rule ids and messages, past the annotation cap', () => {
    const names = hostileNames();
    const diagnostics: Diagnostic[] = names.map((name, i) => ({
      ruleId: `rule/${name}`,
      severity: i % 2 ? 'warning' : 'error',
      message: `Heading \`${name}\` has no entry`,
      span: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 2, offset: 1 } },
      path: name,
    }));
    const trees = [{ diagnostics, display: (path: string) => `agents/decisions/${path}` }];
    const stdout = [...formatGithub(trees)].join('');
    const summary = githubSummary(trees);
    expect(stdout.split('\n').filter((l) => l.startsWith('::'))).toHaveLength(20);
    expectNoCommandInjected(stdout);
    expectWellFormedSummary(summary, names.length);
  });

  test('memdex check --format github on decision files with hostile names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-gh-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
    writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n');
    const names = PAYLOADS.flatMap((p, i) => [`b${i}${p}.md`, `c${i}${p}tail.md`]).filter((n) => !n.includes('/'));
    names.forEach((name, i) => writeFileSync(join(dir, 'agents/decisions', name), `# B\n\n## When Doing B${i}\n\ntext\n`));
    const summaryFile = join(dir, 'summary.md');
    const result = runCli(['check', '--format', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('%0A%3A%3Awarning file=README.md%2Cline=1%3A%3Apwned');
    expectNoCommandInjected(result.stdout);
    const summary = readFileSync(summaryFile, 'utf8');
    expectWellFormedSummary(summary, summary.split('\n').filter((l) => l.startsWith('| error') || l.startsWith('| warning')).length);
    expect(summary).toContain('&lt;img');
  });
});
