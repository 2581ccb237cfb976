import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { scalar } from '../../model/json-tree.js';
import { isKeyPointText } from '../../playbook/schema.js';
import { keyPointItems, playbookRoot, reportAt, sourceOf } from './playbook-tree.js';

/** A key point without guidance text injects an empty line; the loader refuses it. */
export default defineRule({
  meta: {
    id: 'playbook/non-empty-text',
    description: 'Every key point has a non-empty text',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const found = playbookRoot(project);
    if (!found) return;
    for (const { node } of keyPointItems(found.root)) {
      // a bare string is its own text
      const text = node.kind === 'object' ? node.members.find((m) => m.key === 'text')?.value : node.kind === 'string' ? node : undefined;
      if (text && !isKeyPointText(scalar(text))) {
        yield reportAt(found.doc, text, text.kind === 'string' ? messages.emptyText() : messages.badText(sourceOf(found.doc, text)));
      }
    }
  },
});
