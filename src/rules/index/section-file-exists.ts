/** A `## <path>.md` section must name an existing decision file (the Python tool kept dead ones forever). */
import { defineRule } from '../../core/rule.js';
import { isDecisionPath } from '../../model/build-project.js';
import { spanOf } from '../../model/lines.js';
import { checkMessages as m } from '../../messages/check.js';

export default defineRule({
  meta: {
    id: 'index/section-file-exists',
    description: 'Each index section is `## <decisions>/<file>.md` naming an existing decision file',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const index = project.index;
    if (!index) return;
    const existing = new Set(project.decisions.map((d) => d.path));
    for (const section of index.sections) {
      const span = spanOf(index.lines, section.start, index.lines.ends[section.line - 1]!);
      if (!section.path || !isDecisionPath(project.config, section.path)) {
        yield { path: index.path, span, message: m.sectionNotDecisionFile(section.title, project.config.decisions) };
      } else if (!existing.has(section.path)) {
        yield { path: index.path, span, message: m.sectionFileMissing(section.path) };
      }
    }
  },
});
