import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { isTimestamp } from '../../playbook/schema.js';
import { playbookRoot, reportAt, sourceOf } from './playbook-tree.js';

/** last_updated is an ISO 8601 date-time or null (never saved). */
export default defineRule({
  meta: {
    id: 'playbook/last-updated',
    description: 'last_updated is an ISO 8601 date-time or null',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    const value = member(found.root, 'last_updated')?.value;
    if (value && value.kind !== 'null' && !isTimestamp(scalar(value))) yield reportAt(found.doc, value, messages.rule.lastUpdated(sourceOf(found.doc, value)));
  },
});
