import { beforeAll, describe, expect, test } from '@jest/globals';
import { defineRule, type Rule } from '../../src/core/rule.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { parseMapping } from '../../src/migrate/mapping.js';
import { planMigration } from '../../src/migrate/plan-migration.js';
import { filesAfter, verifyMigration } from '../../src/migrate/verify.js';
import { memoryTreeRules as rules } from '../../src/rules/registry.js';
import { AFTER, BEFORE, readTree, describeCorpora } from '../helpers/corpora.js';
import { afterPreamble, corpusRows } from './helpers.js';
import { spanOf } from '../../src/model/lines.js';
import { linkDestinations } from '../../src/migrate/link-sites.js';

const before = readTree(BEFORE);
const after = readTree(AFTER);
const INDEX = DEFAULT_CONFIG.index;

describeCorpora('planMigration on the real corpus', () => {
  let project: ReturnType<typeof buildProject>;
  let plan: ReturnType<typeof planMigration>;
  beforeAll(() => {
    project = buildProject(before, DEFAULT_CONFIG);
    plan = planMigration(project, corpusRows(), { preamble: afterPreamble(after.get(INDEX)!), linkSites: linkDestinations });
  });

  test('reproduces after-migration byte for byte: 13 decision files and the index', () => {
    expect(plan.refusals).toEqual([]);
    const result = filesAfter(before, plan);
    for (const [path, text] of after) expect({ path, text: result.get(path) }).toEqual({ path, text });
    expect([...plan.changes.keys()].filter((p) => p !== INDEX)).toHaveLength(13);
  });

  test('summary: 152 entries, 152 headings in 13 files, preamble replaced', () => {
    expect(plan.summary.entries).toBe(152);
    expect([...plan.summary.headings.values()].reduce((a, b) => a + b, 0)).toBe(152);
    expect(plan.summary.headings.get('agents/decisions/workflow-advanced.md')).toBe(24);
    expect(plan.summary.preamble).toBe(true);
  });

  test('the result verifies clean with the registry and the built-in postconditions', () => {
    const next = buildProject(filesAfter(before, plan), DEFAULT_CONFIG);
    expect(verifyMigration(next, plan, rules)).toEqual([]);
  });

  test('a second plan of the same rows on the result has nothing to do', () => {
    const next = buildProject(filesAfter(before, plan), DEFAULT_CONFIG);
    const again = planMigration(next, corpusRows(), { preamble: afterPreamble(after.get(INDEX)!), linkSites: linkDestinations });
    expect(again.refusals).toEqual([]);
    expect(again.changes.size).toBe(0);
    expect(again.summary.already).toBe(152);
  });
});

const TSV_HEADER = 'old_index_line\told_index_entry\tdecision_file:line\told_heading\toperator\ttrigger\tkeep_old_trigger\tnew_heading\tnew_index_entry';
const tree = (index: string, decision: string, extra: Record<string, string> = {}) =>
  new Map<string, string>([[INDEX, index], ['agents/decisions/a.md', decision], ...Object.entries(extra)]);
const INDEX_TEXT = '# Memory Index\n\n## agents/decisions/a.md\n\n/when writing tests | mocks\n/how encode paths\n';
const DECISION = '# A\n\n## When Writing Tests\n\nbody\n\n## How to Encode Paths\n\nbody\n';

describe('trigger renames on a /when tree', () => {
  test('renames the heading, rewrites the entry keeping the old trigger as an extra, rewrites links', () => {
    const files = tree(INDEX_TEXT, DECISION, {
      'docs/notes.md': 'See [tests](../agents/decisions/a.md#when-writing-tests) and [x](/agents/decisions/a.md#how-to-encode-paths).\n',
    });
    const rows = parseMapping(`${TSV_HEADER}\n5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\twhen\twriting unit tests\tyes\t\t\n`, 'm.tsv');
    const plan = planMigration(buildProject(files, DEFAULT_CONFIG), rows, { markdown: files, linkSites: linkDestinations });
    expect(plan.refusals).toEqual([]);
    const result = filesAfter(files, plan);
    expect(result.get(INDEX)).toBe(INDEX_TEXT.replace('/when writing tests | mocks', '/when writing unit tests | writing tests, mocks'));
    expect(result.get('agents/decisions/a.md')).toBe(DECISION.replace('When Writing Tests', 'When Writing Unit Tests'));
    expect(result.get('docs/notes.md')).toBe(
      'See [tests](../agents/decisions/a.md#when-writing-unit-tests) and [x](/agents/decisions/a.md#how-to-encode-paths).\n',
    );
    expect(plan.summary.links).toBe(1);
  });

  test.each([
    ['stale heading', `5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Code\twhen\twriting unit tests\tno\t\t`, /stale row: agents\/decisions\/a.md:3 should be the heading "When Writing Code"/],
    ['stale entry', `5\t/when writing code\tagents/decisions/a.md:3\t## When Writing Tests\twhen\twriting unit tests\tno\t\t`, /stale row: .*should hold the entry "\/when writing code"/],
    ['new heading taken by another', `5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\thow\tencode paths\tno\t\t`, /already exists at agents\/decisions\/a.md:7/],
    ['inconsistent hand edit', `5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\twhen\twriting unit tests\tno\tWhen Testing\t`, /new_heading "When Testing" does not match/],
  ])('refuses: %s', (_name, row, message) => {
    const files = tree(INDEX_TEXT, DECISION);
    const plan = planMigration(buildProject(files, DEFAULT_CONFIG), parseMapping(`${TSV_HEADER}\n${row}\n`, 'm.tsv'), { linkSites: linkDestinations });
    expect(plan.refusals.join('\n')).toMatch(message);
  });

  test('refuses two rows that make the same heading', () => {
    const files = tree(INDEX_TEXT, DECISION);
    const rows = parseMapping(
      `${TSV_HEADER}\n5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\twhen\tcoding\tno\t\t\n6\t/how encode paths\tagents/decisions/a.md:7\t## How to Encode Paths\twhen\tcoding\tno\t\t\n`,
      'm.tsv',
    );
    expect(planMigration(buildProject(files, DEFAULT_CONFIG), rows, { linkSites: linkDestinations }).refusals.join('\n')).toMatch(/m\.tsv:3: two rows make the heading "When Coding" \(also m\.tsv:2\)/);
  });

  test('a new entry that names no heading fails verification, with any rule list', () => {
    const files = tree(INDEX_TEXT, DECISION);
    const rows = parseMapping(`${TSV_HEADER}\n5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\t\t\t\tWhen Writing Tests\t/when testing\n`, 'm.tsv');
    const plan = planMigration(buildProject(files, DEFAULT_CONFIG), rows, { linkSites: linkDestinations });
    expect(plan.refusals).toEqual([]);
    const next = buildProject(filesAfter(files, plan), DEFAULT_CONFIG);
    expect(verifyMigration(next, plan, [])).toEqual(['after the change, the entry "/when testing" names no heading in agents/decisions/a.md; expected exactly one']);
  });

  test('an error from an injected rule refuses; a warning does not', () => {
    const files = tree(INDEX_TEXT, DECISION);
    const rows = parseMapping(`${TSV_HEADER}\n5\t/when writing tests | mocks\tagents/decisions/a.md:3\t## When Writing Tests\twhen\twriting unit tests\tno\t\t\n`, 'm.tsv');
    const plan = planMigration(buildProject(files, DEFAULT_CONFIG), rows, { linkSites: linkDestinations });
    const next = buildProject(filesAfter(files, plan), DEFAULT_CONFIG);
    const rule = (severity: 'error' | 'warning'): Rule =>
      defineRule({
        meta: { id: `test/${severity}`, description: 'd', severity, fixable: false },
        *check(project) {
          yield { path: project.index!.path, span: spanOf(project.index!.lines, 0, 0), message: 'no unit tests allowed' };
        },
      });
    expect(verifyMigration(next, plan, [rule('error')])).toEqual(['agents/memory-index.md:1:1: no unit tests allowed (test/error)']);
    expect(verifyMigration(next, plan, [rule('warning')])).toEqual([]);
  });
});
