/**
 * A suppression comment that memdex cannot read suppresses nothing, silently: a
 * misspelt directive word or rule id is a finding, with the closest valid one.
 */
import { defineRule } from '../../core/rule.js';
import { DIRECTIVE_KINDS } from '../../core/suppress.js';
import { closestWord } from '../../fuzzy/did-you-mean.js';
import { checkMessages as m } from '../../messages/check.js';

export default defineRule({
  meta: {
    id: 'directive/valid',
    description: 'Every `<!-- memdex-… -->` comment is alone on its line, a known directive, and names known rules',
    severity: 'error',
    fixable: false,
    phase: 'directives',
  },
  *check(_project, { directives }) {
    for (const problem of directives.problems) {
      const { directive } = problem;
      if (problem.kind === 'malformed-directive') {
        yield { path: directive.path, span: directive.span, message: m.malformedDirective(directive.word) };
      } else if (problem.kind === 'unknown-directive') {
        yield { path: directive.path, span: directive.span, message: m.unknownDirective(directive.word, DIRECTIVE_KINDS, closestWord(directive.word, DIRECTIVE_KINDS)) };
      } else if (problem.kind === 'unknown-rule') {
        yield { path: directive.path, span: problem.rule.span, message: m.unknownDirectiveRule(problem.rule.id, closestWord(problem.rule.id, directives.knownIds)) };
      }
    }
  },
});
