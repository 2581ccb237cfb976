/** The same semantic heading twice (in one file or across files) makes its entry ambiguous. */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { headingSpan } from '../spans.js';

export default defineRule({
  meta: {
    id: 'decision/no-duplicate-heading',
    description: 'Each semantic heading text appears once across the decision files (structural titles may repeat)',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const fileAt = new Map(project.decisions.map((file) => [file.path, file]));
    for (const headings of project.headingsByKey.values()) {
      if (headings.length < 2) continue; // most keys: nothing to compare, nothing to allocate
      const semantic = headings.filter((h) => h.semantic);
      const first = semantic[0];
      if (!first) continue;
      // One related place per key, shared by its duplicates: a file of 166,665 equal headings has as many findings.
      const related = [{ path: first.path, span: headingSpan(fileAt.get(first.path)!, first), message: m.firstDefined }];
      // One message per run of equal texts (a key's duplicates mostly are): not one string built per finding.
      let text: string | undefined;
      let message = '';
      for (let i = 1; i < semantic.length; i++) {
        const heading = semantic[i]!;
        const file = fileAt.get(heading.path)!;
        if (heading.text !== text) message = m.duplicateHeading((text = heading.text));
        yield { path: file.path, span: headingSpan(file, heading), message, related };
      }
    }
  },
});
