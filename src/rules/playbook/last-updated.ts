import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { isTimestamp } from '../../playbook/schema.js';
import { playbookRule, reportAt, sourceOf } from './playbook-tree.js';

/** last_updated is an ISO 8601 date-time or null (never saved). */
export default playbookRule(
  {
    id: 'playbook/last-updated',
    description: 'last_updated is an ISO 8601 date-time or null',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const value = member(root, 'last_updated')?.value;
    if (value && value.kind !== 'null' && !isTimestamp(scalar(value))) yield reportAt(doc, value, messages.rule.lastUpdated(sourceOf(doc, value)));
  },
);
