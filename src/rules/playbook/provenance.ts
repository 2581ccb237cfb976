import { pendingProblem, sourceProblem } from '../../playbook/schema.js';
import { keyPointMembers, playbookRule, reportAt } from './playbook-tree.js';

/**
 * A key point's `source` (who added it, from which session, when) and `pending` (why it
 * waits for review) have the shape memdex writes: the loader refuses another, so a
 * hand edit that breaks one would stop every playbook command and leave the hooks
 * injecting nothing.
 */
export default playbookRule(
  {
    id: 'playbook/provenance',
    description: 'A key point\'s source and pending fields have the shape memdex writes',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const found = [...keyPointMembers(root, 'source'), ...keyPointMembers(root, 'pending')].sort((a, b) => a.value.start - b.value.start);
    for (const m of found) {
      let value: unknown;
      try {
        value = JSON.parse(doc.text.slice(m.value.start, m.value.end));
      } catch {
        continue; // playbook/valid-json reports it
      }
      const problem = m.key === 'source' ? sourceProblem(value) : pendingProblem(value);
      if (problem !== undefined) yield reportAt(doc, m.value, problem);
    }
  },
);
