/** Content under a structural heading cannot be reached by a trigger: knowledge hidden from the index. */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { headingSpan } from '../spans.js';

/** From this many lines of direct content, a container is holding knowledge. */
export const HIDDEN_CONTENT_LINES = 3;

export default defineRule({
  meta: {
    id: 'decision/structural-heading-content',
    description: `A structural (\`.\`) heading holds fewer than ${HIDDEN_CONTENT_LINES} lines of direct content`,
    severity: 'warning',
    fixable: false,
  },
  *check(project) {
    for (const file of project.decisions) {
      for (const heading of file.headings) {
        if (!heading.structural || heading.depth < 2 || heading.directContentLines < HIDDEN_CONTENT_LINES) continue;
        yield { path: file.path, span: headingSpan(file, heading), message: m.structuralWithContent(heading.text, heading.directContentLines) };
      }
    }
  },
});
