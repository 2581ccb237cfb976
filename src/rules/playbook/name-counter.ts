import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { member, scalar } from '../../model/json-tree.js';
import { isCounter, keyPointNumber } from '../../playbook/schema.js';
import { keyPointMembers, playbookRoot, reportAt } from './playbook-tree.js';

/**
 * name_counter records the highest kpt_ number ever issued; below a name in the file
 * (a hand edit), the loader still never reuses a name, but the record is wrong.
 */
export default defineRule({
  meta: {
    id: 'playbook/name-counter',
    description: 'name_counter is at least the highest kpt_ number in the playbook',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    const counterNode = member(found.root, 'name_counter')?.value;
    const counter = scalar(counterNode);
    if (!counterNode || !isCounter(counter)) return;
    let highest: { n: number; name: string } | undefined;
    for (const { value } of keyPointMembers(found.root, 'name')) {
      const name = scalar(value);
      const n = typeof name === 'string' ? keyPointNumber(name) : undefined;
      if (n !== undefined && n > (highest?.n ?? -1)) highest = { n, name: name as string };
    }
    if (highest && highest.n > counter) {
      yield reportAt(found.doc, counterNode, messages.rule.nameCounterLow(counter, highest.name));
    }
  },
});
