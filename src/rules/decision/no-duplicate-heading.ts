/** The same semantic heading twice (in one file or across files) makes its entry ambiguous. */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { fileOf, headingSpan } from '../spans.js';

export default defineRule({
  meta: {
    id: 'decision/no-duplicate-heading',
    description: 'Each semantic heading text appears once across the decision files (structural titles may repeat)',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    for (const headings of project.headingsByKey.values()) {
      if (headings.length < 2) continue; // most keys: nothing to compare, nothing to allocate
      const semantic = headings.filter((h) => h.semantic);
      const first = semantic[0];
      if (!first) continue;
      const firstFile = fileOf(project, first.path)!;
      for (const heading of semantic.slice(1)) {
        const file = fileOf(project, heading.path)!;
        yield {
          path: file.path,
          span: headingSpan(file, heading),
          message: m.duplicateHeading(heading.text),
          related: [{ path: first.path, span: headingSpan(firstFile, first), message: m.firstDefined }],
        };
      }
    }
  },
});
