/** The harness itself: each invariant it claims to enforce fails a rule that breaks it. */
import { describe, expect, test } from '@jest/globals';
import { defineRule, type Report, type Rule } from '../../src/core/rule.js';
import { spanOf } from '../../src/model/lines.js';
import entryOrder from '../../src/rules/index/entry-order.js';
import { runInvalidCase, runValidCase, type InvalidCase } from '../helpers/rule-tester.js';
import { INDEX, tree } from './tables/trees.js';

const files = tree(['## agents/decisions/testing.md', '/when x'], { 'testing.md': ['# T'] });
const meta = { id: 'index/test-rule', description: 'A rule that breaks an invariant', severity: 'error', fixable: false } as const;
const at = { path: INDEX, message: 'm' };
const spanned = (project: Parameters<Rule['check']>[0]) => ({ ...at, span: spanOf(project.index!.lines, 0, 3) });
const invalid = (errors: string[], output?: Record<string, string> | null): InvalidCase => ({ name: 'case', files, errors, ...(output !== undefined ? { output } : {}) });

describe('the rule tester refuses', () => {
  test('a finding without a position (the type requires one; a rule in plain JS could still omit it)', async () => {
    const rule = defineRule({ meta, *check() { yield at as unknown as Report; } });
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:(no position) m']))).rejects.toThrow(/positioned/);
  });

  test('a different message, column or related place', async () => {
    const rule = defineRule({ meta, *check(p) { yield spanned(p); } });
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:1:1-1:4 m']))).resolves.toBeUndefined();
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:1:1-1:4 M']))).rejects.toThrow();
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:1:2-1:4 m']))).rejects.toThrow();
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:1:1-1:4 m\n  agents/memory-index.md:1:1 here']))).rejects.toThrow();
  });

  test('a rule that mutates the model', async () => {
    const rule = defineRule({ meta, *check(p) { (p.index!.entries as unknown[]).pop(); } });
    await expect(runValidCase(rule, { name: 'v', files })).rejects.toThrow();
  });

  test('a fix from a rule not marked fixable', async () => {
    const rule = defineRule({ meta, *check(p) { yield { ...spanned(p), fix: { title: 't', edits: [{ path: INDEX, range: [0, 0], text: 'x' }] } }; } });
    await expect(runInvalidCase(rule, invalid(['agents/memory-index.md:1:1-1:4 m']))).rejects.toThrow(/not marked fixable/);
  });

  test('a fixable rule case that does not state its output, or states the wrong one', async () => {
    const swapped = tree(['## agents/decisions/testing.md', '/how b', '/when a'], { 'testing.md': ['# T', '', '## When A', '', '## How to B'] });
    const errors = ['agents/memory-index.md:3:1-3:8 Entries of `## agents/decisions/testing.md` are not in heading order: `/when a` should come before `/how b`'];
    const output = { [INDEX]: '## agents/decisions/testing.md\n/when a\n/how b\n' };
    await expect(runInvalidCase(entryOrder, { name: 'ok', files: swapped, errors, output })).resolves.toBeUndefined();
    await expect(runInvalidCase(entryOrder, { name: 'no output', files: swapped, errors })).rejects.toThrow(/outputStated/);
    await expect(runInvalidCase(entryOrder, { name: 'null output', files: swapped, errors, output: null })).rejects.toThrow(/offered/);
    await expect(runInvalidCase(entryOrder, { name: 'wrong', files: swapped, errors, output: { [INDEX]: 'x' } })).rejects.toThrow();
  });

  test('a fix that never settles (not idempotent)', async () => {
    const grows = defineRule({
      meta: { ...meta, fixable: true },
      *check(p) { yield { ...spanned(p), fix: { title: 't', edits: [{ path: INDEX, range: [0, 0], text: '#' }] } }; },
    });
    await expect(runInvalidCase(grows, invalid(['agents/memory-index.md:1:1-1:4 m'], {}))).rejects.toThrow();
  });
});
