/**
 * schemas/playbook.schema.json is generated from PLAYBOOK_SCHEMA (one source).
 * `npm run schemas` rewrites it; this test fails when the two drift apart. That the
 * checks and the loader agree with the schema is tested in test/rules/playbook-rules.test.ts.
 */
import { expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAYBOOK_SCHEMA } from '../../src/playbook/schema.js';
import { REPO } from '../helpers/corpora.js';

const FILE = join(REPO, 'schemas', 'playbook.schema.json');
const generated = `${JSON.stringify(PLAYBOOK_SCHEMA, null, 2)}\n`;

test('the committed playbook schema equals the one generated from the source', () => {
  if (process.env.UPDATE_SCHEMAS === '1') writeFileSync(FILE, generated);
  expect(readFileSync(FILE, 'utf8')).toBe(generated);
});
