/** An entry belongs under the `## <path>.md` section of the file holding its heading. */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { targetOf } from '../pairing.js';
import { entrySpan, fileOf, headingSpan } from '../spans.js';
import { misplacedEntries, placementFix } from './layout.js';
import { entryLabel } from '../../model/entry-line.js';

export default defineRule({
  meta: {
    id: 'index/entry-in-file-section',
    description: "Each entry sits in the section of its heading's decision file (fixable: moves it)",
    severity: 'error',
    fixable: true,
  },
  *check(project) {
    const index = project.index;
    if (!index) return;
    const moved = misplacedEntries(project);
    if (moved.length === 0) return;
    const fix = placementFix(project, moved);
    for (const entry of moved) {
      const target = targetOf(project, entry)!;
      const file = fileOf(project, target.path)!;
      yield {
        path: index.path,
        span: entrySpan(index, entry),
        message: m.entryInWrongSection(entryLabel(entry), index.sections[entry.section]!.title, target.path),
        related: [{ path: target.path, span: headingSpan(file, target), message: m.headingHere }],
        fix,
      };
    }
  },
});
