import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { playbookTemplatePath } from '../../model/config.js';
import { hasPlaceholder } from '../../playbook/render-playbook.js';
import { spanOf } from './playbook-tree.js';

/**
 * A user template (config playbook.template) must contain {key_points}, or the hooks
 * would inject the template without the key points. The project loader puts the
 * template's text in `project.files` (a template outside the tree is not checked).
 */
export default defineRule({
  meta: {
    id: 'playbook/template-placeholder',
    description: 'The configured playbook template contains the {key_points} placeholder',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const path = playbookTemplatePath(project.config);
    if (path === undefined) return;
    const text = project.files.get(path);
    // A missing file is pointed at its start; a template without the placeholder is wrong as a whole.
    if (text === undefined) yield { path, span: spanOf('', { start: 0, end: 0 }), message: messages.rule.templateNotFound(path) };
    else if (!hasPlaceholder(text)) yield { path, span: spanOf(text, { start: 0, end: text.length }), message: messages.rule.templatePlaceholder() };
  },
});
