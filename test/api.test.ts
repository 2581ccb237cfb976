/** The public API (dist/index.js) exposes the pure core, and it works on a real tree. */
import { expect, test } from '@jest/globals';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { AFTER, REPO, readTree } from './helpers/corpora.js';

test('the built library resolves and checks a real tree without any adapter', async () => {
  const api = await import(pathToFileURL(join(REPO, 'dist', 'index.js')).href);
  const project = api.buildProject(readTree(AFTER), api.DEFAULT_CONFIG);
  expect(api.runRules(project, api.allRules).filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
  const result = api.resolve(project, '/how encode file paths');
  expect(result.kind).toBe('found');
  expect(result.section.heading).toBe('How to Encode File Paths');
});
