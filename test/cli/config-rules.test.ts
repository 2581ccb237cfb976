/**
 * Rule settings in memdex.config.json are checked against the rules (issue 9 §5.2):
 * bad options and unknown rule ids are a usage error (exit 2) naming the file,
 * line:column and key, never a NaN column or a silent fallback.
 */
import { describe, expect, test } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-config-rules-');

/** The example tree with a config whose `rules` member is `rules` (on line 3, as a user would write it). */
function treeWith(rules: string): string {
  const dir = temp(EXAMPLE);
  writeFileSync(join(dir, 'memdex.config.json'), `{\n  "$schema": "./schemas/memdex.config.schema.json",\n  "rules": ${rules}\n}\n`);
  return dir;
}

const FORMATS = ['stylish', 'json', 'sarif', 'github'] as const;

describe('rule options are validated', () => {
  test.each([
    ['a negative max', '{"decision/line-limit": {"options": {"max": -5}}}', 'memdex.config.json:3:56: rules["decision/line-limit"].options.max must be an integer >= 1, got -5'],
    ['a string max', '{"decision/line-limit": {"options": {"max": "abc"}}}', 'memdex.config.json:3:56: rules["decision/line-limit"].options.max must be an integer >= 1, got "abc"'],
    ['a fractional max', '{"decision/line-limit": {"options": {"max": 1.5}}}', 'memdex.config.json:3:56: rules["decision/line-limit"].options.max must be an integer >= 1, got 1.5'],
    ['a zero maxTokens', '{"index/size-budget": {"options": {"maxTokens": 0}}}', 'memdex.config.json:3:60: rules["index/size-budget"].options.maxTokens must be an integer >= 1, got 0'],
    ['an unknown option', '{"decision/line-limit": {"options": {"maxLines": 10}}}', 'memdex.config.json:3:49: rules["decision/line-limit"].options.maxLines is not a known key (expected one of max)'],
    ['an option for a rule without options', '{"index/entry-order": {"options": {"strict": true}}}', 'memdex.config.json:3:47: rules["index/entry-order"].options.strict is not an option of index/entry-order, which takes none'],
    ['options not an object', '{"decision/line-limit": {"options": 5}}', 'memdex.config.json:3:48: rules["decision/line-limit"].options must be an object, got 5'],
    ['a bad severity', '{"index/entry-order": "loud"}', 'memdex.config.json:3:34: rules["index/entry-order"] must be "error", "warning" or "off", got "loud"'],
  ].map(([title, rules, line], index) => [title!, FORMATS[index % FORMATS.length]!, rules!, line!] as const))('%s, --format %s: exit 2 with file:line:col, key, what is expected and what was found', (_title, format, rules, line) => {
    // The message is the row's; how a fatal error is wrapped (stdout) is the format's, whatever the row: the rows
    // take the formats in turn, each format two rows, one CLI run a row.
    const result = runCli(['check', '--format', format], { cwd: treeWith(rules) });
    expect({ format, status: result.status, stdout: result.stdout }).toEqual({ format, status: 2, stdout: expect.not.stringMatching(/: NaN\b|"column": null|"startColumn": null/) });
    expect(result.stderr).toContain(line);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  test('a valid option is used: max 20 reports the 21-line and 28-line files', () => {
    const result = runCli(['check', '--format', 'json'], { cwd: treeWith('{"decision/line-limit": {"options": {"max": 20}}}') });
    expect(result.status).toBe(1);
    const findings = (JSON.parse(result.stdout) as { ruleId: string; file: string; line: number; column: number; message: string }[]).filter((f) => f.ruleId === 'decision/line-limit');
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([
      'agents/decisions/cli.md:21:1 File has 31 lines; expected at most 20 (split it, or raise `rules["decision/line-limit"].options.max`)',
      'agents/decisions/testing.md:21:1 File has 28 lines; expected at most 20 (split it, or raise `rules["decision/line-limit"].options.max`)',
      'agents/decisions/workflow.md:21:1 File has 21 lines; expected at most 20 (split it, or raise `rules["decision/line-limit"].options.max`)',
    ]);
  });
});

describe('unknown rule ids', () => {
  test('an unknown id turned off is a usage error, not a clean tree', () => {
    const result = runCli(['check'], { cwd: treeWith('{"index/bogus-rule": "off"}') });
    expect(result.status).toBe(2);
    expect(result.stdout).not.toMatch(/clean/);
    expect(result.stderr).toContain('memdex.config.json:3:13: rules["index/bogus-rule"] is not a rule of memdex (run `memdex rules` for the list)');
  });

  test('a misspelt id gets a did-you-mean', () => {
    const result = runCli(['check'], { cwd: treeWith('{"decision/line-limt": {"options": {"max": 10}}}') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'memdex.config.json:3:13: rules["decision/line-limt"] is not a rule of memdex; did you mean "decision/line-limit"? (run `memdex rules` for the list)',
    );
  });

  test('every problem is listed, one per line, under a header naming the file', () => {
    const result = runCli(['check'], { cwd: treeWith('{"index/entry-ordr": "off", "decision/line-limit": {"options": {"max": 0}}}') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      [
        'memdex.config.json: invalid configuration (2 problems)',
        'memdex.config.json:3:13: rules["index/entry-ordr"] is not a rule of memdex; did you mean "index/entry-order"? (run `memdex rules` for the list)',
        'memdex.config.json:3:83: rules["decision/line-limit"].options.max must be an integer >= 1, got 0',
      ].join('\n'),
    );
  });

  test('migrate checks the rule settings too (it runs the rules to verify)', () => {
    const result = runCli(['migrate', 'plan'], { cwd: treeWith('{"index/bogus-rule": "off"}') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('rules["index/bogus-rule"] is not a rule of memdex');
  });

  test('an unknown key anywhere is pointed at by its name, not its value', () => {
    const dir = treeWith('{}');
    writeFileSync(join(dir, 'memdex.config.json'), '{\n  "index": "agents/memory-index.md",\n  "playbook": { "pth": ".claude/p.json" }\n}\n');
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('memdex.config.json:3:17: playbook.pth is not a known key (expected one of path, template, extractor)');
  });
});
