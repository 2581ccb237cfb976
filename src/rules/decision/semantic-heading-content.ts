/**
 * A semantic heading whose section only groups sub-headings is a container in
 * disguise: it needs an index entry yet holds no knowledge. Every such heading is
 * reported in one run, nested ones included (the Python tool found them one fix at a time).
 */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { headingSpan } from '../spans.js';

/** At most this many lines of direct content before the first sub-heading: "no content". */
export const THIN_CONTENT_LINES = 2;

export default defineRule({
  meta: {
    id: 'decision/semantic-heading-content',
    description: `A semantic heading with sub-headings has more than ${THIN_CONTENT_LINES} lines of its own content (else mark it structural)`,
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    for (const file of project.decisions) {
      for (const heading of file.headings) {
        const hasChild = heading.directEnd < heading.sectionEnd;
        if (!heading.semantic || !hasChild || heading.directContentLines > THIN_CONTENT_LINES) continue;
        yield { path: file.path, span: headingSpan(file, heading), message: m.thinSemanticHeading(heading.text, heading.directContentLines, heading.depth, THIN_CONTENT_LINES + 1) };
      }
    }
  },
});
