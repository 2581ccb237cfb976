import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { keyPointMembers, playbookRoot, reportAt } from './playbook-tree.js';

/** INV-SCORE-004: the single `score` of the old format is gone; counters replace it. */
export default defineRule({
  meta: {
    id: 'playbook/no-score',
    description: 'No key point carries the legacy `score` field',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    for (const m of keyPointMembers(found.root, 'score')) yield reportAt(found.doc, m.keyRange, messages.rule.score());
  },
});
