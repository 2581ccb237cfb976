/** Two lines with the same operator and trigger: the second is unreachable noise. */
import { defineRule } from '../../core/rule.js';
import type { IndexEntry } from '../../model/memory-index.js';
import { checkMessages as m } from '../../messages/check.js';
import { entrySpan } from '../spans.js';
import { entryLabel, hasEmptyTrigger } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/no-duplicate-entry',
    description: 'Each operator and trigger appears once in the memory index',
    severity: 'error',
    fixable: false,
  },
  *check({ index }) {
    if (!index) return;
    const first = new Map<string, IndexEntry>();
    for (const entry of index.entries) {
      if (entry.kind !== 'entry' || hasEmptyTrigger(entry)) continue;
      const earlier = first.get(entry.key);
      if (!earlier) {
        first.set(entry.key, entry);
        continue;
      }
      yield {
        path: index.path,
        span: entrySpan(index, entry),
        message: m.duplicateEntry(entryLabel(entry)),
        related: [{ path: index.path, span: entrySpan(index, earlier), message: m.firstDefined }],
      };
    }
  },
});
