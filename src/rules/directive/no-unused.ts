/**
 * A suppression that suppresses nothing hides the next real finding at that place,
 * and says something false about the text (ESLint's --report-unused-disable-directives).
 *
 * Not fixable, unlike ESLint: `--fix` drops no line it did not write, directives
 * included (issue 26 item 14). A directive the fix leaves unused (its entry removed)
 * or one written ahead of its finding is the user's to delete, as the message says.
 */
import { defineRule } from '../../core/rule.js';
import type { Directive } from '../../core/suppress.js';
import { checkMessages as m } from '../../messages/check.js';

export default defineRule({
  meta: {
    id: 'directive/no-unused',
    description: 'Every `memdex-disable…` comment suppresses a finding, and every `memdex-enable` re-enables a rule',
    severity: 'warning',
    fixable: false,
    phase: 'directives',
  },
  *check(_project, { directives }) {
    const unusedParts = new Map<Directive, number>();
    for (const p of directives.problems) if (p.kind === 'unused-disable' || p.kind === 'unused-enable') unusedParts.set(p.directive, (unusedParts.get(p.directive) ?? 0) + 1);
    for (const problem of directives.problems) {
      if (problem.kind !== 'unused-disable' && problem.kind !== 'unused-enable') continue;
      const { directive, rule } = problem;
      // Wholly unused: the comment is to go; partly: the unused ids.
      const whole = directive.rules.length === 0 || unusedParts.get(directive) === directive.rules.length;
      const message = (problem.kind === 'unused-enable' ? m.unusedEnable : m.unusedDisable)(directive.word, rule?.id, whole);
      yield { path: directive.path, span: rule?.span ?? directive.span, message };
    }
  },
});

