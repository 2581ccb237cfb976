import { messages } from '../../messages/playbook.js';
import { scalar } from '../../model/json-tree.js';
import { keyPointMembers, playbookRule, reportAt, spanOf } from './playbook-tree.js';

/** Evaluations name key points: two entries with one name would take each other's ratings. */
export default playbookRule(
  {
    id: 'playbook/unique-names',
    description: 'Key point names are unique',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    const first = new Map<string, { start: number; end: number }>();
    for (const { value } of keyPointMembers(root, 'name')) {
      const name = scalar(value);
      if (typeof name !== 'string') continue;
      const earlier = first.get(name);
      if (!earlier) {
        first.set(name, value);
        continue;
      }
      yield {
        ...reportAt(doc, value, messages.rule.duplicateName(name)),
        related: [{ path: doc.path, span: spanOf(doc.text, earlier), message: messages.rule.firstName(name) }],
      };
    }
  },
);
