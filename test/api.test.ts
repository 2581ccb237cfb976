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

test('the pure core never touches the machine: no node: imports, process, clock or randomness', async () => {
  const { readTree: read } = await import('./helpers/corpora.js');
  const pure = ['core', 'model', 'rules', 'migrate', 'resolve', 'fuzzy', 'playbook', 'relevance'];
  const offenders: string[] = [];
  for (const dir of pure) {
    for (const [path, text] of read(join(REPO, 'src', dir))) {
      if (/from 'node:|\bprocess\.|Date\.now\(\)|Math\.random\(\)/.test(text)) offenders.push(`src/${dir}/${path}`);
    }
  }
  expect(offenders).toEqual([]);
});
