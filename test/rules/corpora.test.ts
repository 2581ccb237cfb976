import { describe, expect, test } from '@jest/globals';
import { runRules } from '../../src/core/engine.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { memoryTreeRules as rules } from '../../src/rules/registry.js';
import { AFTER, BEFORE, readTree, describeCorpora } from '../helpers/corpora.js';

describeCorpora('the rules on the real corpora', () => {
  test('after-migration has no errors', () => {
    const diagnostics = runRules(buildProject(readTree(AFTER), DEFAULT_CONFIG), rules);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  test('before-migration has exactly 152 errors, all entry-format on old lines, each naming memdex migrate', () => {
    const diagnostics = runRules(buildProject(readTree(BEFORE), DEFAULT_CONFIG), rules);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(152);
    expect(new Set(errors.map((d) => d.ruleId))).toEqual(new Set(['index/entry-format']));
    expect(errors.every((d) => d.path === 'agents/memory-index.md' && /memdex migrate/.test(d.message))).toBe(true);
    const warnings = (tree: string) => runRules(buildProject(readTree(tree), DEFAULT_CONFIG), rules).filter((d) => d.severity === 'warning');
    // Nothing else: the only other findings are the warnings the migrated tree has too.
    expect(warnings(BEFORE).map((d) => [d.ruleId, d.path, d.span?.start.line])).toEqual(
      warnings(AFTER).map((d) => [d.ruleId, d.path, d.span?.start.line]),
    );
  });
});
