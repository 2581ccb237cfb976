/**
 * Every rule through the RuleTester harness (test/helpers/rule-tester.ts): one table
 * per rule under test/rules/tables/<rule id>.ts, with the findings written as the
 * user sees them. A rule without a table fails here.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { allRules } from '../../src/rules/registry.js';
import { REPO } from '../helpers/corpora.js';
import { ruleTester, type RuleTable } from '../helpers/rule-tester.js';

const TABLES = join(REPO, 'test', 'rules', 'tables');
const tables = new Map<string, RuleTable>();
for (const rule of allRules) {
  const file = join(TABLES, `${rule.meta.id}.ts`);
  if (existsSync(file)) tables.set(rule.meta.id, ((await import(file)) as { default: RuleTable }).default);
}

test('every rule of the registry has a table', () => {
  expect(allRules.map((r) => r.meta.id).filter((id) => !tables.has(id))).toEqual([]);
});

describe.each(allRules.filter((r) => tables.has(r.meta.id)).map((r) => [r.meta.id, r] as const))('%s', (id, rule) => {
  ruleTester(rule, tables.get(id)!);
});
