import { messages } from '../../messages/playbook.js';
import { scalar } from '../../model/json-tree.js';
import { isKeyPointText } from '../../playbook/schema.js';
import { keyPointItems, playbookRule, reportAt, sourceOf } from './playbook-tree.js';

/** A key point without guidance text injects an empty line; the loader refuses it. */
export default playbookRule(
  {
    id: 'playbook/non-empty-text',
    description: 'Every key point has a non-empty text',
    severity: 'error',
    fixable: false,
  },
  function* ({ doc, root }) {
    for (const { node } of keyPointItems(root)) {
      // a bare string is its own text
      const text = node.kind === 'object' ? node.members.find((m) => m.key === 'text')?.value : node.kind === 'string' ? node : undefined;
      if (text && !isKeyPointText(scalar(text))) {
        yield reportAt(doc, text, text.kind === 'string' ? messages.emptyText() : messages.badText(sourceOf(doc, text)));
      }
    }
  },
);
