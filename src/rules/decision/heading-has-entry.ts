/**
 * Every semantic heading is reachable from the index. Exact: the Python tool's
 * fuzzy leniency let `When Choosing Naming Convention Format` pass because another
 * entry's key was a subsequence of it.
 */
import { defineRule } from '../../core/rule.js';
import { headingOperator } from '../../model/keys.js';
import { checkMessages as m } from '../../messages/check.js';
import { pairing } from '../pairing.js';
import { headingSpan } from '../spans.js';
import { entryLabel } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'decision/heading-has-entry',
    description: 'Every semantic heading has an index entry (`When x` ↔ `/when x`, `How to x` ↔ `/how x`)',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    if (!project.index) return;
    const { entriesOf } = pairing(project);
    for (const file of project.decisions) {
      for (const heading of file.headings) {
        if (!heading.semantic || entriesOf.get(heading)?.length) continue;
        const parsed = headingOperator(heading.text, heading.key);
        yield {
          path: file.path,
          span: headingSpan(file, heading),
          message: parsed
            ? m.headingWithoutEntry(heading.text, entryLabel({ operator: parsed.operator, trigger: parsed.trigger.toLowerCase() }), file.path)
            : m.headingNotTrigger(heading.text, heading.depth),
        };
      }
    }
  },
});
