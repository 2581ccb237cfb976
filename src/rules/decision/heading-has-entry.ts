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
import type { DecisionHeading } from '../../model/decision-file.js';

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
    // The last heading's message again for an equal heading (same text, depth and file): one string for
    // a run of equal headings, not one built per finding (1 MB of `### a`: 166,665 findings, one message).
    let last: { text: string; depth: number; path: string; message: string } | undefined;
    for (const file of project.decisions) {
      for (const heading of file.headings) {
        if (!heading.semantic || entriesOf.get(heading)?.length) continue;
        if (last === undefined || last.text !== heading.text || last.depth !== heading.depth || last.path !== file.path) {
          last = { text: heading.text, depth: heading.depth, path: file.path, message: messageFor(heading, file.path) };
        }
        yield { path: file.path, span: headingSpan(file, heading), message: last.message };
      }
    }
  },
});

function messageFor(heading: DecisionHeading, path: string): string {
  const parsed = headingOperator(heading.text, heading.key);
  return parsed
    ? m.headingWithoutEntry(heading.text, entryLabel({ operator: parsed.operator, trigger: parsed.trigger.toLowerCase() }), path)
    : m.headingNotTrigger(heading.text, heading.depth);
}
