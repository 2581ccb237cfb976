import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { PLAYBOOK_VERSION } from '../../playbook/schema.js';
import { playbookRoot, reportAt, sourceOf } from './playbook-tree.js';

/** memdex reads one format version and never changes it (INV-SCORE-005). */
export default defineRule({
  meta: {
    id: 'playbook/version',
    description: 'version is "1.0"',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    const version = member(found.root, 'version')?.value;
    if (version && scalar(version) !== PLAYBOOK_VERSION) yield reportAt(found.doc, version, messages.rule.version(sourceOf(found.doc, version)));
  },
});
