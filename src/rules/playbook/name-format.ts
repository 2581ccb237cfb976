import { messages } from '../../messages/playbook.js';
import { scalar } from '../../model/json-tree.js';
import { isCanonicalName } from '../../playbook/schema.js';
import { keyPointMembers, playbookRule, reportAt, sourceOf } from './playbook-tree.js';

/** Data contract: a name is `kpt_NNN`. (The loader keeps another name as is, but never issues one.) */
export default playbookRule(
  {
    id: 'playbook/name-format',
    description: 'Key point names have the form kpt_NNN',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    for (const { value } of keyPointMembers(root, 'name')) {
      if (!isCanonicalName(scalar(value))) yield reportAt(doc, value, messages.rule.nameFormat(sourceOf(doc, value)));
    }
  },
);
