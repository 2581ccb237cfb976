import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { PLAYBOOK_VERSION } from '../../playbook/schema.js';
import { playbookRule, reportAt, sourceOf } from './playbook-tree.js';

/** memdex reads one format version and never changes it (INV-SCORE-005). */
export default playbookRule(
  {
    id: 'playbook/version',
    description: 'version is "1.0"',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const version = member(root, 'version')?.value;
    if (version && scalar(version) !== PLAYBOOK_VERSION) yield reportAt(doc, version, messages.rule.version(sourceOf(doc, version)));
  },
);
