import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { isCounter, keyPointNumber } from '../../playbook/schema.js';
import { keyPointMembers, playbookRule, reportAt } from './playbook-tree.js';

/**
 * name_counter records the highest kpt_ number ever issued; below a name in the file
 * (a hand edit), the loader still never reuses a name, but the record is wrong.
 */
export default playbookRule(
  {
    id: 'playbook/name-counter',
    description: 'name_counter is at least the highest kpt_ number in the playbook',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const counterNode = member(root, 'name_counter')?.value;
    const counter = scalar(counterNode);
    if (!counterNode || !isCounter(counter)) return;
    let highest: { n: number; name: string } | undefined;
    for (const { value } of keyPointMembers(root, 'name')) {
      const name = scalar(value);
      const n = typeof name === 'string' ? keyPointNumber(name) : undefined;
      if (n !== undefined && n > (highest?.n ?? -1)) highest = { n, name: name as string };
    }
    if (highest && highest.n > counter) {
      yield reportAt(doc, counterNode, messages.rule.nameCounterLow(counter, highest.name));
    }
  },
);
