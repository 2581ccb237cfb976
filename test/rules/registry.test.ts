/** One registry of every rule; each rule file is one rule whose id is its path under src/rules/. */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { allRules, memoryTreeRules } from '../../src/rules/registry.js';
import { REPO } from '../helpers/corpora.js';

const RULES = join(REPO, 'src', 'rules');
/** Shared helpers inside the rule folders: not rules. */
const HELPERS = new Set(['index/layout', 'playbook/playbook-tree']);

const ruleFiles = readdirSync(RULES)
  .filter((area) => statSync(join(RULES, area)).isDirectory())
  .flatMap((area) => readdirSync(join(RULES, area)).map((file) => `${area}/${file.replace(/\.ts$/, '')}`))
  .filter((id) => !HELPERS.has(id))
  .sort();

describe('the rule registry', () => {
  test('lists every rule file once: all 31 rules', () => {
    const ids = allRules.map((rule) => rule.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ruleFiles);
    expect(ids).toHaveLength(31);
  });

  test.each(allRules.map((rule) => [rule.meta.id, rule] as const))('%s: its id is its path, with a description', (id, rule) => {
    expect(id).toMatch(/^(index|decision|playbook|directive)\/[a-z]+(-[a-z]+)*$/);
    expect(readFileSync(join(RULES, `${id}.ts`), 'utf8')).toContain(`id: '${id}'`);
    expect(rule.meta.description.length).toBeGreaterThan(10);
  });

  test('the memory-tree rules are the index, decision and directive rules, in registry order', () => {
    expect(memoryTreeRules.map((r) => r.meta.id)).toEqual(allRules.map((r) => r.meta.id).filter((id) => !id.startsWith('playbook/')));
    expect(memoryTreeRules).toHaveLength(18);
  });

  test('no module under src/rules/ is named like a rule folder (`rules/index.ts` beside `rules/index/`)', () => {
    const entries = readdirSync(RULES);
    const folders = entries.filter((e) => statSync(join(RULES, e)).isDirectory());
    expect(entries.filter((e) => folders.includes(e.replace(/\.ts$/, '')) && e.endsWith('.ts'))).toEqual([]);
  });
});
