import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { scalar } from '../../model/json-tree.js';
import { isCanonicalName } from '../../playbook/schema.js';
import { keyPointMembers, playbookRoot, reportAt, sourceOf } from './playbook-tree.js';

/** Data contract: a name is `kpt_NNN`. (The loader keeps another name as is, but never issues one.) */
export default defineRule({
  meta: {
    id: 'playbook/name-format',
    description: 'Key point names have the form kpt_NNN',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    for (const { value } of keyPointMembers(found.root, 'name')) {
      if (!isCanonicalName(scalar(value))) yield reportAt(found.doc, value, messages.rule.nameFormat(sourceOf(found.doc, value)));
    }
  },
});
