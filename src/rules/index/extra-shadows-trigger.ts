/** An extra equal to another entry's trigger makes `/when <that>` ambiguous at recall time. */
import { defineRule } from '../../core/rule.js';
import { foldKey } from '../../model/keys.js';
import type { IndexEntry } from '../../model/memory-index.js';
import { checkMessages as m } from '../../messages/check.js';
import { entrySpan } from '../spans.js';
import { hasEmptyTrigger } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/extra-shadows-trigger',
    description: "No extra trigger equals another entry's trigger",
    severity: 'error',
    fixable: false,
  },
  *check({ index }) {
    if (!index) return;
    const byTrigger = new Map<string, IndexEntry>();
    for (const entry of index.entries) {
      if (entry.kind === 'entry' && !hasEmptyTrigger(entry) && !byTrigger.has(foldKey(entry.trigger))) byTrigger.set(foldKey(entry.trigger), entry);
    }
    for (const entry of index.entries) {
      for (const extra of entry.extras) {
        const other = byTrigger.get(foldKey(extra));
        if (!other || other === entry) continue;
        yield {
          path: index.path,
          span: entrySpan(index, entry),
          message: m.extraShadows(extra, other.trigger),
          related: [{ path: index.path, span: entrySpan(index, other), message: m.otherEntry }],
        };
      }
    }
  },
});
