/**
 * The fix loop returns the findings on the texts it ends with, computed by its own
 * last check: a caller reports them without building and checking the tree again.
 */
import { describe, expect, test } from '@jest/globals';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { fixUntilStable, MAX_PASSES } from '../../src/core/fix.js';
import { runRules } from '../../src/core/engine.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { allRules } from '../../src/rules/registry.js';

const INDEX = 'agents/memory-index.md';
const FILE = 'agents/decisions/testing.md';
const DECISIONS = '# Testing\n\n## When Mocking\n\nUse fakes.\n\n## How to Split Tests\n\nBy feature.\n';
const sorted = `# Memory Index\n\n## ${FILE}\n\n/when mocking\n/how split tests\n`;

/** A real check of the tree (model + every rule), counting its calls. */
function countingCheck() {
  const counter = {
    calls: 0,
    check: async (files: ReadonlyMap<string, string>): Promise<readonly Diagnostic[]> => {
      counter.calls++;
      return runRules(buildProject(files, DEFAULT_CONFIG), allRules);
    },
  };
  return counter;
}

describe('fixUntilStable', () => {
  test('a clean tree is checked once and its findings come back', async () => {
    const files = new Map([[INDEX, sorted], [FILE, DECISIONS]]);
    const counter = countingCheck();
    const result = await fixUntilStable(files, counter.check);
    expect(counter.calls).toBe(1);
    expect(result.passes).toBe(0);
    expect(result.files).toBe(files);
    expect(result.diagnostics).toEqual(runRules(buildProject(files, DEFAULT_CONFIG), allRules));
  });

  test('after fixing, the findings are those of the fixed texts, from the last pass (no extra check)', async () => {
    const misplaced = `# Memory Index\n\n## ${FILE}\n\n/how split tests\n/when mocking\n/when flaky tests\n`;
    const files = new Map([[INDEX, misplaced], [FILE, DECISIONS]]);
    const counter = countingCheck();
    const result = await fixUntilStable(files, counter.check);
    expect(result.applied.length).toBeGreaterThan(0);
    expect(result.files.get(INDEX)).not.toBe(misplaced);
    expect(counter.calls).toBe(result.passes + 1);
    const fresh = runRules(buildProject(result.files, DEFAULT_CONFIG), allRules);
    expect(result.diagnostics).toEqual(fresh);
    // what is left is what no fix can do: the entry without a heading
    expect(result.diagnostics.some((d) => d.ruleId === 'index/entry-has-heading')).toBe(true);
    expect(result.diagnostics.every((d) => d.fix === undefined)).toBe(true);
  });

  test('a fix that never converges stops after MAX_PASSES with the findings on the last texts', async () => {
    const grow = async (files: ReadonlyMap<string, string>): Promise<readonly Diagnostic[]> => {
      const text = files.get('a.md')!;
      return [{ ruleId: 'test/grow', severity: 'error', path: 'a.md', span: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } }, message: `length ${text.length}`, fix: { title: 'grow', edits: [{ path: 'a.md', range: [text.length, text.length], text: 'x' }] } }];
    };
    const result = await fixUntilStable(new Map([['a.md', '']]), grow);
    expect(result.passes).toBe(MAX_PASSES);
    expect(result.files.get('a.md')).toBe('x'.repeat(MAX_PASSES));
    expect(result.diagnostics.map((d) => d.message)).toEqual([`length ${MAX_PASSES}`]);
  });
});
