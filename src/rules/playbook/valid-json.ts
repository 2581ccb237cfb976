import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { playbookTree, reportAt } from './playbook-tree.js';

/** The file must be strict JSON: anything else cannot be updated safely. */
export default defineRule({
  meta: {
    id: 'playbook/valid-json',
    description: 'The playbook is strict JSON (no NaN, no trailing commas, no duplicate keys)',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const doc = project.playbook;
    if (!doc) return;
    const tree = playbookTree(doc);
    if (!tree.ok) {
      yield reportAt(doc, { start: tree.error.offset, end: tree.error.offset }, messages.invalidJson(tree.error.message));
      return;
    }
    for (const duplicate of tree.duplicateKeys) yield reportAt(doc, duplicate.keyRange, messages.rule.duplicateJsonKey(duplicate.key));
  },
});
