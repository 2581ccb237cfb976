/**
 * Inline suppressions and config `ignores` (core/suppress.ts, model/ignores.ts) run
 * through the real engine with every rule, RuleTester style: each table case is a
 * small tree, and an invalid one lists every finding left, as the user sees it
 * (file:line:col-endLine:endCol message (rule), related places indented), and what
 * --fix makes of the tree (`output`: the changed files; null: nothing is fixed).
 * A valid case leaves nothing at all: the finding set aside, no directive unused.
 */
import { describe, expect, test } from '@jest/globals';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { runRules } from '../../src/core/engine.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { checkRuleSettings } from '../../src/core/rule-options.js';
import { DEFAULT_CONFIG, parseConfig, type Config } from '../../src/model/config.js';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { allRules } from '../../src/rules/registry.js';
import { render, type Files, type ValidCase } from '../helpers/rule-tester.js';
import ignores from './tables/ignores.js';
import suppressions from './tables/suppressions.js';

export interface EngineCase extends ValidCase {
  readonly errors: readonly string[];
  /** The files --fix changes, with their text after fixing; null: no fix is applied. */
  readonly output: Files | null;
}

export interface EngineTable {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly EngineCase[];
}

function configOf(value: unknown): Config {
  if (value === undefined) return DEFAULT_CONFIG;
  const parsed = parseConfig(value);
  if (!parsed.ok || checkRuleSettings(parsed.config.rules, allRules).length > 0) throw new Error(`bad test config: ${JSON.stringify(value)}`);
  return parsed.config;
}

/** Rendered as the rule tables do, with the rule after the message (every rule runs here). */
const renderWithRule = (d: Diagnostic) => render(d).replace(/(\n|$)/, ` (${d.ruleId})$1`);

async function findings(c: ValidCase): Promise<{ config: Config; files: Map<string, string>; found: Diagnostic[] }> {
  const config = configOf(c.config);
  const files = new Map(Object.entries(c.files));
  return { config, files, found: runRules(await buildWithFallback(files, config), allRules) };
}

const tables: [string, EngineTable][] = [
  ['suppressions', suppressions as EngineTable],
  ['ignores', ignores as EngineTable],
];

describe.each(tables)('%s', (_name, table) => {
  test('the table has several valid and invalid cases, with unique names', () => {
    expect(table.valid.length).toBeGreaterThanOrEqual(3);
    expect(table.invalid.length).toBeGreaterThanOrEqual(3);
    const names = [...table.valid, ...table.invalid].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test.each(table.valid.map((c) => [c.name, c] as const))('valid: %s', async (_n, c) => {
    expect((await findings(c)).found.map(renderWithRule)).toEqual([]);
  });

  test.each(table.invalid.map((c) => [c.name, c] as const))('invalid: %s', async (_n, c) => {
    const { config, files, found } = await findings(c);
    expect(found.map(renderWithRule)).toEqual(c.errors);
    const check = async (f: ReadonlyMap<string, string>) => runRules(await buildWithFallback(f, config), allRules);
    const fixed = await fixUntilStable(files, check);
    const changed = Object.fromEntries([...fixed.files].filter(([path, text]) => files.get(path) !== text));
    expect(changed).toEqual(c.output ?? {});
  });
});
