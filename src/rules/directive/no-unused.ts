/**
 * A suppression that suppresses nothing hides the next real finding at that place,
 * and says something false about the text (ESLint's --report-unused-disable-directives).
 * The fix deletes the comment line when no part of it is used.
 */
import type { Fix } from '../../core/diagnostic.js';
import { defineRule } from '../../core/rule.js';
import type { Directive } from '../../core/suppress.js';
import { checkMessages as m } from '../../messages/check.js';
import type { Project } from '../../model/project.js';

export default defineRule({
  meta: {
    id: 'directive/no-unused',
    description: 'Every `memdex-disable…` comment suppresses a finding, and every `memdex-enable` re-enables a rule',
    severity: 'warning',
    fixable: true,
    phase: 'directives',
  },
  *check(project, { directives }) {
    const unusedParts = new Map<Directive, number>();
    for (const p of directives.problems) if (p.kind === 'unused-disable' || p.kind === 'unused-enable') unusedParts.set(p.directive, (unusedParts.get(p.directive) ?? 0) + 1);
    const fixes = new Map<Directive, Fix>();
    for (const problem of directives.problems) {
      if (problem.kind !== 'unused-disable' && problem.kind !== 'unused-enable') continue;
      const { directive, rule } = problem;
      // Wholly unused: the comment line goes. Partly: which ids to drop is the user's edit.
      const whole = directive.rules.length === 0 || unusedParts.get(directive) === directive.rules.length;
      const message = (problem.kind === 'unused-enable' ? m.unusedEnable : m.unusedDisable)(directive.word, rule?.id, whole);
      let fix = fixes.get(directive);
      if (whole && !fix) fixes.set(directive, (fix = removeLine(project, directive)));
      yield { path: directive.path, span: rule?.span ?? directive.span, message, ...(whole ? { fix } : {}) };
    }
  },
});

function removeLine(project: Project, directive: Directive): Fix {
  const text = project.files.get(directive.path)!;
  const start = directive.span.start.offset - (directive.span.start.column - 1);
  const newline = text.indexOf('\n', directive.span.end.offset);
  return { title: m.fixRemoveDirective(directive.word, directive.path, directive.line), edits: [{ path: directive.path, range: [start, newline === -1 ? text.length : newline + 1], text: '' }] };
}
