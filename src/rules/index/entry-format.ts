/**
 * An index entry is `/when <trigger>` or `/how <trigger>`, optionally followed by
 * `| extra, extra`. Old `Key — description` lines still pair with their heading (so
 * the old tree reports only this rule), but each one is an error naming the migration.
 */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { columnSpan, entrySpan } from '../spans.js';

export default defineRule({
  meta: {
    id: 'index/entry-format',
    description: 'Entries are `/when <trigger>` or `/how <trigger>` with optional `| extras`, no empty parts',
    severity: 'error',
    fixable: false,
  },
  *check({ index }) {
    if (!index) return;
    for (const entry of index.entries) {
      for (const problem of entry.problems) {
        const span = columnSpan(index, entry, problem.column);
        switch (problem.code) {
          case 'legacy':
            yield { path: index.path, span: entrySpan(index, entry), message: m.legacyEntry(entry.trigger) };
            break;
          case 'empty-trigger':
            yield { path: index.path, span, message: m.emptyTrigger(entry.text) };
            break;
          case 'empty-extra':
            yield { path: index.path, span, message: m.emptyExtra() };
            break;
          case 'indented':
            yield { path: index.path, span, message: m.indentedEntry() };
            break;
        }
      }
    }
    for (const line of index.malformed) {
      const message = line.reason === 'operator-case' ? m.operatorCase(line.text) : m.unknownOperator(line.text);
      yield { path: index.path, span: entrySpan(index, line), message };
    }
  },
});
