/**
 * Every entry names an existing semantic heading, exactly: `/when x` ↔ `When x`,
 * `/how x` ↔ `How to x` (case and spacing aside). The message names the heading it
 * expected, and suggests the closest heading with its location when one is close
 * enough to be what was meant (rules/closest-heading.ts), so the typo is one edit away.
 */
import { defineRule } from '../../core/rule.js';
import { headingForEntry } from '../../model/keys.js';
import { checkMessages as m } from '../../messages/check.js';
import { pairing } from '../pairing.js';
import { closestHeading } from '../closest-heading.js';
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
      const expected = entry.operator ? headingForEntry(entry.operator, entry.trigger) : entry.trigger;
      const suggestion = closestHeading(project, entry.key);
      const file = suggestion && fileOf(project, suggestion.path);
      const message = m.entryWithoutHeading(label, expected, section?.path);
      yield {
        path: index.path,
        span: entrySpan(index, entry),
        ...(suggestion && file
          ? {
              message: `${message}. ${m.didYouMean(suggestion.text, `${suggestion.path}:${suggestion.line}`)}`,
              related: [{ path: suggestion.path, span: headingSpan(file, suggestion), message: m.closestHeading }],
            }
          : { message }),
      };
    }
  },
});
