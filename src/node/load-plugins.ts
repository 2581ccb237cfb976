/**
 * Local rules (config `plugins`), for `memdex check` alone: each path is a module of the
 * tree (CommonJS or ES module: `require` loads both on Node ≥ 20.19) whose default export,
 * or module.exports, is a rule or a list of rules (src/core/rule.ts). Loaded only here, so
 * no per-call command other than `check` (`when`, the hooks) runs a repository's code.
 * A plugin that cannot be used is an InputError naming the config, the entry and what a
 * plugin must export.
 */
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import type { Rule } from '../core/rule.js';
import { CONFIG_FILE } from '../model/config.js';
import { configMessages as m } from '../messages/config.js';

const ID = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

export function loadPlugins(root: string, paths: readonly string[], builtIn: readonly Rule[]): Rule[] {
  const load = createRequire(join(root, CONFIG_FILE));
  const taken = new Set(builtIn.map((rule) => rule.meta.id));
  const rules: Rule[] = [];
  paths.forEach((path, index) => {
    const fail = (problem: string) => new InputError(m.pluginProblem(CONFIG_FILE, index, path, problem));
    let exported: unknown;
    try {
      exported = load(resolve(root, path));
    } catch (error) {
      throw fail(m.pluginLoad(error instanceof Error ? error.message.split('\n')[0]! : String(error)));
    }
    const value = exported !== null && typeof exported === 'object' && 'default' in exported ? (exported as { default: unknown }).default : exported;
    for (const rule of Array.isArray(value) ? value : [value]) {
      const meta = (rule as Partial<Rule> | null)?.meta;
      if (meta === null || typeof meta !== 'object' || typeof (rule as Partial<Rule>).check !== 'function') throw fail(m.pluginExpected);
      const id = String(meta.id);
      if (!ID.test(id)) throw fail(m.pluginBadId(id));
      if (taken.has(id)) throw fail(m.pluginTakenId(id));
      if (typeof meta.description !== 'string' || meta.description.trim() === '') throw fail(m.pluginBadMeta(id, 'description', 'a sentence'));
      if (meta.severity !== 'error' && meta.severity !== 'warning') throw fail(m.pluginBadMeta(id, 'severity', '"error" or "warning"'));
      if (typeof meta.fixable !== 'boolean') throw fail(m.pluginBadMeta(id, 'fixable', 'true or false'));
      taken.add(id);
      rules.push(rule as Rule);
    }
  });
  return rules;
}
