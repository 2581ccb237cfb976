/** Structural (`.`) headings are containers: an entry for one is removed (fixable, and printed). */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { pairing } from '../pairing.js';
import { entrySpan, fileOf, headingSpan } from '../spans.js';
import { entryLabel } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/no-structural-entry',
    description: 'No entry points to a structural (`.`) heading (fixable: removes the entry)',
    severity: 'error',
    fixable: true,
  },
  *check(project) {
    const index = project.index;
    if (!index) return;
    for (const [entry, heading] of pairing(project).structuralOf) {
      const label = entryLabel(entry);
      const file = fileOf(project, heading.path)!;
      yield {
        path: index.path,
        span: entrySpan(index, entry),
        message: m.structuralEntry(label, heading.text),
        related: [{ path: heading.path, span: headingSpan(file, heading), message: m.headingHere }],
        fix: { title: m.fixRemoveStructural(label), edits: [{ path: index.path, range: entry.lineRange, text: '' }] },
      };
    }
  },
});
