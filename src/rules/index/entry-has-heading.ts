/**
 * Every entry names an existing semantic heading, exactly: `/when x` ↔ `When x`,
 * `/how x` ↔ `How to x` (case and spacing aside). The message suggests the closest
 * heading with its location, so the typo is one edit away.
 */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { pairing } from '../pairing.js';
import { closestHeading } from '../suggest.js';
import { entrySpan, fileOf, headingSpan } from '../spans.js';
import { entryLabel, hasEmptyTrigger } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/entry-has-heading',
    description: 'Every entry names an existing semantic heading (`When …` / `How to …`)',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const { index } = project;
    if (!index) return;
    const { headingsOf, structuralOf } = pairing(project);
    for (const entry of index.entries) {
      if ((headingsOf.get(entry) ?? []).length > 0 || structuralOf.has(entry) || hasEmptyTrigger(entry)) continue;
      const section = index.sections[entry.section];
      const label = entryLabel(entry);
      const suggestion = closestHeading(project, entry.key);
      const file = suggestion && fileOf(project, suggestion.path);
      yield {
        path: index.path,
        span: entrySpan(index, entry),
        message: m.entryWithoutHeading(label, section?.path) + (suggestion ? ` ${m.didYouMean(suggestion.text)}` : ''),
        related:
          suggestion && file ? [{ path: suggestion.path, span: headingSpan(file, suggestion), message: m.didYouMean(suggestion.text) }] : [],
      };
    }
  },
});
