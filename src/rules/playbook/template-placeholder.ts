import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { normalizeRelative } from '../../model/config.js';
import { hasPlaceholder } from '../../playbook/render-playbook.js';

/**
 * A user template (config playbook.template) must contain {key_points}, or the hooks
 * would inject the template without the key points. The project loader puts the
 * template's text in `project.files` under its configured path.
 */
export default defineRule({
  meta: {
    id: 'playbook/template-placeholder',
    description: 'The configured playbook template contains the {key_points} placeholder',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const configured = project.config.playbook.template;
    if (configured === undefined) return;
    const path = normalizeRelative(configured);
    const text = project.files.get(path);
    if (text === undefined) yield { path, message: messages.rule.templateNotFound(configured) };
    else if (!hasPlaceholder(text)) yield { path, message: messages.rule.templatePlaceholder() };
  },
});
