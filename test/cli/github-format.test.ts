/**
 * `check --format github` as a pull request shows it (issue 26 item 7): GitHub shows
 * at most 10 error and 10 warning annotations per step, so which findings get them
 * decides what a reviewer sees. Errors first, the index first, then spread over the
 * files (one per file in turn, not the first file's all); each finding once in the
 * log: annotated, or as a plain line (not both).
 */
import { expect, test } from '@jest/globals';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { ANNOTATIONS_PER_SEVERITY, formatGithub } from '../../src/cli/format/github.js';

const finding = (path: string, line: number, severity: 'error' | 'warning', ruleId = 'r/x'): Diagnostic => ({
  ruleId,
  severity,
  message: `finding at ${line}`,
  path,
  span: { start: { line, column: 1, offset: 0 }, end: { line, column: 2, offset: 1 } },
});

// Path order puts the playbook (.claude/) first: its 12 errors took every annotation before.
const diagnostics: Diagnostic[] = [
  ...Array.from({ length: 12 }, (_, i) => finding('.claude/playbook.json', i + 1, 'error', 'playbook/counters')),
  ...Array.from({ length: 3 }, (_, i) => finding('agents/decisions/cli.md', i + 1, 'warning', 'decision/structural-heading-content')),
  ...Array.from({ length: 4 }, (_, i) => finding('agents/decisions/testing.md', i + 1, 'error', 'decision/heading-has-entry')),
  ...Array.from({ length: 3 }, (_, i) => finding('agents/memory-index.md', i + 10, 'error', 'index/entry-has-heading')),
];
const out = [...formatGithub([{ diagnostics, display: (p: string) => p }])].join('').split('\n').filter(Boolean);
const annotations = out.filter((l) => l.startsWith('::'));
const annotated = (severity: string) => annotations.filter((l) => l.startsWith(`::${severity} `)).map((l) => /file=([^,]+),line=(\d+)/.exec(l)!.slice(1).join(':'));

test('errors: the index first, then one per file in turn, at most 10', () => {
  expect(annotated('error')).toEqual([
    'agents/memory-index.md:10',
    'agents/decisions/testing.md:1',
    '.claude/playbook.json:1',
    'agents/memory-index.md:11',
    'agents/decisions/testing.md:2',
    '.claude/playbook.json:2',
    'agents/memory-index.md:12',
    'agents/decisions/testing.md:3',
    '.claude/playbook.json:3',
    'agents/decisions/testing.md:4',
  ]);
  expect(annotated('error')).toHaveLength(ANNOTATIONS_PER_SEVERITY);
  expect(annotations.findIndex((l) => l.startsWith('::warning'))).toBeGreaterThan(annotations.findLastIndex((l) => l.startsWith('::error')));
  expect(annotated('warning')).toEqual(['agents/decisions/cli.md:1', 'agents/decisions/cli.md:2', 'agents/decisions/cli.md:3']);
});

test('each finding is in the log once: annotated, or as a plain line', () => {
  const plain = out.filter((l) => !l.startsWith('::') && /^\S+:\d+:\d+ /.test(l)).map((l) => /^(\S+):(\d+):/.exec(l)!.slice(1).join(':'));
  const all = [...annotated('error'), ...annotated('warning'), ...plain].sort();
  expect(all).toEqual(diagnostics.map((d) => `${d.path}:${d.span!.start.line}`).sort());
  expect(plain).toHaveLength(diagnostics.length - annotations.length);
  expect(out.at(-1)).toBe('9 more findings not shown as annotations: see the step summary and the log.');
});

test("a file's rank for one severity is its findings of that severity: index warnings do not move its errors first", () => {
  const mixed: Diagnostic[] = [
    finding('agents/decisions/a.md', 1, 'error', 'decision/heading-has-entry'),
    finding('agents/decisions/a.md', 2, 'warning', 'index/entry-order'),
    finding('agents/decisions/b.md', 1, 'error', 'index/entry-has-heading'),
  ];
  const lines = [...formatGithub([{ diagnostics: mixed, display: (p: string) => p }])].join('').split('\n');
  expect(lines.filter((l) => l.startsWith('::')).map((l) => /^::(\w+) file=([^,]+),line=(\d+)/.exec(l)!.slice(1).join(' '))).toEqual([
    'error agents/decisions/b.md 1',
    'error agents/decisions/a.md 1',
    'warning agents/decisions/a.md 2',
  ]);
});
