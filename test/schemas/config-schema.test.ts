/**
 * schemas/memdex.config.schema.json is generated from CONFIG_SCHEMA (one source).
 * `npm run schemas` rewrites it; this test fails when the two drift apart.
 */
import { expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_SCHEMA, parseConfig } from '../../src/model/config.js';
import { REPO } from '../helpers/corpora.js';

const FILE = join(REPO, 'schemas', 'memdex.config.schema.json');
const generated = `${JSON.stringify(CONFIG_SCHEMA, null, 2)}\n`;

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
