import { messages } from '../../messages/playbook.js';
import { keyPointMembers, playbookRule, reportAt } from './playbook-tree.js';

/** INV-SCORE-004: the single `score` of the old format is gone; counters replace it. */
export default playbookRule(
  {
    id: 'playbook/no-score',
    description: 'No key point carries the legacy `score` field',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    for (const m of keyPointMembers(root, 'score')) yield reportAt(doc, m.keyRange, messages.rule.score());
  },
);
