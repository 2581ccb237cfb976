/** Entries of a section follow the order of their headings in the file (fixable: sorts them). */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { entrySpan } from '../spans.js';
import { orderFix, orderPlan } from './layout.js';
import { entryLabel } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/entry-order',
    description: 'Entries within a section follow heading order in the decision file (fixable: sorts them)',
    severity: 'error',
    fixable: true,
  },
  *check(project) {
    const index = project.index;
    if (!index) return;
    for (const section of index.sections) {
      if (!section.path) continue;
      const plan = orderPlan(project, section);
      const first = plan.current.findIndex((entry, i) => entry !== plan.sorted[i]);
      if (first === -1) continue;
      const misplaced = plan.sorted[first]!;
      yield {
        path: index.path,
        span: entrySpan(index, misplaced),
        message: m.entriesOutOfOrder(section.title, entryLabel(misplaced), entryLabel(plan.current[first]!)),
        fix: orderFix(project, section, plan),
      };
    }
  },
});
