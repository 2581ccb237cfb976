/** The public API (dist/index.js) exposes the pure core, and it works on a real tree. */
import { expect, test } from '@jest/globals';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { AFTER, REPO, readTree, testCorpora } from './helpers/corpora.js';

testCorpora('the built library resolves and checks a real tree without any adapter', async () => {
  const api = await import(pathToFileURL(join(REPO, 'dist', 'index.js')).href);
  const project = api.buildProject(readTree(AFTER), api.DEFAULT_CONFIG);
  expect(api.runRules(project, api.allRules).filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
  const result = api.resolve(project, '/how encode file paths');
  expect(result.kind).toBe('found');
  expect(result.section.heading).toBe('How to Encode File Paths');
});

test('the pure core never touches the machine: no node: imports, process, clock or randomness', async () => {
  const { readTree: read } = await import('./helpers/corpora.js');
  const pure = ['core', 'model', 'rules', 'migrate', 'resolve', 'fuzzy', 'playbook', 'relevance', 'transcript'];
  const offenders: string[] = [];
  for (const dir of pure) {
    for (const [path, text] of read(join(REPO, 'src', dir))) {
      if (/from 'node:|\bprocess\.|Date\.now\(\)|Math\.random\(\)/.test(text)) offenders.push(`src/${dir}/${path}`);
    }
  }
  expect(offenders).toEqual([]);
});

test('the rule registry lists every rule file, and each rule id is its path under src/rules/', async () => {
  const { readdirSync } = await import('node:fs');
  const { allRules } = await import('../src/rules/all.js');
  const helpers = new Set(['index/layout', 'playbook/index', 'playbook/playbook-tree']); // shared helpers, not rules
  const files = ['index', 'decision', 'playbook']
    .flatMap((area) => readdirSync(join(REPO, 'src', 'rules', area)).map((f) => `${area}/${f.replace(/\.ts$/, '')}`))
    .filter((id) => !helpers.has(id))
    .sort();
  expect(allRules.map((r) => r.meta.id).sort()).toEqual(files);
});
