/**
 * All rules together on one fixture tree per memory-tree rule, under
 * test/fixtures/rules/<rule id>/, with the expected findings written inline
 * (markdownlint style): a line `<!-- expect: <rule>[:<column>] -->` expects a finding
 * on the line above it. Every finding must be expected, every expectation found: this
 * catches a rule firing where another one should (messages and exact positions are
 * the RuleTester tables' job, test/rules/tables/). Fixes of all rules together are
 * checked lossless and idempotent here.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runRules } from '../../src/core/engine.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG, parseConfig, type Config } from '../../src/model/config.js';
import { allRules } from '../../src/rules/registry.js';
import { REPO, readTree } from '../helpers/corpora.js';

const FIXTURES = join(REPO, 'test', 'fixtures', 'rules');
const MARKER = /^<!-- expect: ([a-z-]+\/[a-z-]+)(?::(\d+))? -->$/;

const FRAGMENT = 'decision/fragment-candidate';
const fixtureIds = readdirSync(FIXTURES).flatMap((area) => readdirSync(join(FIXTURES, area)).map((name) => `${area}/${name}`));

function configOf(files: Map<string, string>): Config {
  const text = files.get('memdex.config.json');
  if (!text) return DEFAULT_CONFIG;
  const result = parseConfig(JSON.parse(text));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.config;
}

function expectations(files: Map<string, string>): string[] {
  const expected: string[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.md')) continue;
    const lines = text.split('\n');
    let target = 0;
    lines.forEach((line, i) => {
      const marker = MARKER.exec(line.trim());
      if (!marker) {
        target = i + 1;
        return;
      }
      expected.push(`${path}:${target}${marker[2] ? `:${marker[2]}` : ''} ${marker[1]}`);
    });
  }
  return expected.sort();
}

function snapshot(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

describe('rule fixtures', () => {
  test('every rule has a fixture, and every fixture names a rule', () => {
    expect(fixtureIds.sort()).toEqual(allRules.map((r) => r.meta.id).filter((id) => !id.startsWith('playbook/')).sort());
  });

  test.each(fixtureIds)('%s', async (id) => {
    const files = readTree(join(FIXTURES, id));
    const config = configOf(files);
    const project = buildProject(files, config);
    const before = snapshot(project);
    // The fixtures are trees of one-line sections, which decision/fragment-candidate flags by design: it is judged on its own fixture.
    const diagnostics = runRules(project, id === FRAGMENT ? allRules : allRules.filter((r) => r.meta.id !== FRAGMENT));
    expect(snapshot(project)).toBe(before);
    for (const d of diagnostics) {
      expect(d.span).toBeDefined();
      expect(d.span!.start.line).toBeGreaterThan(0);
      expect(d.span!.start.column).toBeGreaterThan(0);
    }
    const expected = expectations(files);
    const withColumns = new Set(expected.filter((e) => /:\d+:\d+ /.test(e)).map((e) => e.replace(/:\d+ /, ' ')));
    const found = diagnostics
      .map((d) => {
        const base = `${d.path}:${d.span!.start.line} ${d.ruleId}`;
        return withColumns.has(base) ? `${d.path}:${d.span!.start.line}:${d.span!.start.column} ${d.ruleId}` : base;
      })
      .sort();
    expect(found).toEqual(expected);
    expect(found.some((f) => f.endsWith(` ${id}`))).toBe(true);

    if (diagnostics.some((d) => d.fix)) {
      const check = async (f: ReadonlyMap<string, string>) => runRules(buildProject(f, config), allRules);
      const fixed = await fixUntilStable(files, check);
      expect((await check(fixed.files)).filter((d) => d.fix)).toEqual([]);
      const again = await fixUntilStable(fixed.files, check);
      expect(again.applied).toEqual([]);
      expect(again.files).toEqual(fixed.files);
      // Lossless: every line survives except entries removed as structural.
      const removed = fixed.applied.flatMap((f) => f.edits.filter((e) => e.text === '').map((e) => files.get(e.path)!.slice(e.range[0], e.range[1]).trim()));
      const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean).sort();
      for (const [path, text] of files) {
        const after = lines(fixed.files.get(path)!);
        const kept = lines(text).filter((l) => !removed.includes(l) || after.includes(l));
        for (const line of kept) expect(after).toContain(line);
      }
    }
  });
});

test('fixture folders exist', () => {
  expect(existsSync(FIXTURES)).toBe(true);
});
