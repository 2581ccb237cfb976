import { messages } from '../../messages/playbook.js';
import { member, scalar, type JsonMember } from '../../model/json-tree.js';
import { isCounter } from '../../playbook/schema.js';
import { keyPointMembers, playbookRule, reportAt, sourceOf } from './playbook-tree.js';

/** INV-SCORE-001/002: counters are non-negative integers (Python wrote NaN, strings and floats). */
export default playbookRule(
  {
    id: 'playbook/counters',
    description: 'helpful, harmful and name_counter are non-negative integers',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const counters: JsonMember[] = [...keyPointMembers(root, 'helpful'), ...keyPointMembers(root, 'harmful')];
    const nameCounter = member(root, 'name_counter');
    if (nameCounter) counters.push(nameCounter);
    for (const m of counters.sort((a, b) => a.value.start - b.value.start)) {
      if (!isCounter(scalar(m.value))) yield reportAt(doc, m.value, messages.rule.counter(m.key, sourceOf(doc, m.value)));
    }
  },
);
