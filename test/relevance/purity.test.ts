import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../src/relevance/', import.meta.url));

test.each(readdirSync(DIR).filter((f) => f.endsWith('.ts')))('src/relevance/%s is pure: no fs, process, clock or randomness', (file) => {
  const code = readFileSync(DIR + file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  expect(code).not.toMatch(/from '(node:|fs|path|os|child_process)/);
  expect(code).not.toMatch(/\bprocess\.|Date\.now\(|Math\.random\(|new Date\(\)/);
});
