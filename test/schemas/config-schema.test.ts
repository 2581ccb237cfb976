/**
 * schemas/memdex.config.schema.json is generated from CONFIG_SCHEMA and the rules'
 * option schemas (one source each). `npm run schemas` rewrites it; this test fails
 * when they drift apart, and checks that editors see what `memdex check` enforces.
 */
import { expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateJson } from '../../src/model/json-schema.js';
import { checkRuleSettings, configSchemaFor } from '../../src/core/rule-options.js';
import { parseConfig } from '../../src/model/config.js';
import { allRules } from '../../src/rules/registry.js';
import { REPO } from '../helpers/corpora.js';

const FILE = join(REPO, 'schemas', 'memdex.config.schema.json');
const schema = configSchemaFor(allRules);
const generated = `${JSON.stringify(schema, null, 2)}\n`;

test('the committed config schema equals the one generated from the source', () => {
  if (process.env.UPDATE_SCHEMAS === '1') writeFileSync(FILE, generated);
  expect(readFileSync(FILE, 'utf8')).toBe(generated);
});

test.each([
  [{}, true],
  [{ index: 'memory/index.md', decisions: 'memory/decisions', rules: { 'decision/line-limit': { severity: 'warning', options: { max: 300 } } } }, true],
  [{ playbook: { path: '.claude/p.json', extractor: 'node extract.js' }, relevance: { evaluator: 'node eval.js' } }, true],
  [{ indx: 'x' }, false],
  [{ rules: { 'index/entry-order': 'loud' } }, false],
  [{ playbook: 'x' }, false],
  [[], false],
])('parseConfig(%j) accepts: %s', (value, ok) => {
  expect(parseConfig(value).ok).toBe(ok);
});

test.each([
  [{ rules: { 'decision/line-limit': { options: { max: 300 } }, 'index/size-budget': 'off' } }, true],
  [{ rules: { 'decision/line-limit': { options: { max: -5 } } } }, false],
  [{ rules: { 'decision/line-limit': { options: { max: 'abc' } } } }, false],
  [{ rules: { 'index/bogus-rule': 'off' } }, false],
  [{ rules: { 'index/entry-order': { options: { strict: true } } } }, false],
])('the shipped schema and memdex check agree on %j (valid: %s)', (value, ok) => {
  expect(validateJson(schema, value)).toEqual(ok ? [] : expect.arrayContaining([expect.anything()]));
  const parsed = parseConfig(value);
  expect(parsed.ok && checkRuleSettings(parsed.config.rules, allRules).length === 0).toBe(ok);
});

test('every rule is in the schema, with its options and their defaults', () => {
  const rules = (schema.properties!.rules!.properties ?? {}) as Record<string, { oneOf: [unknown, { properties: { options: { properties: Record<string, { default: unknown }> } } }] }>;
  expect(Object.keys(rules)).toEqual(allRules.map((r) => r.meta.id));
  expect(rules['decision/line-limit']!.oneOf[1].properties.options.properties.max!.default).toBe(400);
  expect(rules['index/size-budget']!.oneOf[1].properties.options.properties.maxTokens!.default).toBe(5000);
});
