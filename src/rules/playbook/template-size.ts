import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { playbookTemplatePath } from '../../model/config.js';
import { CLIENT_CONTEXT_LIMIT } from '../../playbook/client-limit.js';
import { KEY_POINTS_PLACEHOLDER } from '../../playbook/render-playbook.js';
import { spanOf } from './playbook-tree.js';
import { thousands } from '../../messages/thousands.js';

/**
 * A user template (config playbook.template) whose own text leaves the key points no
 * room below the client's hook limit (playbook/client-limit.ts): the hooks would
 * inject nothing, and say so only in their log, after the fact. Found by `check`.
 */
export default defineRule({
  meta: {
    id: 'playbook/template-size',
    description: `The configured playbook template leaves room for key points below the client's ${thousands(CLIENT_CONTEXT_LIMIT)}-character hook limit`,
    severity: 'error',
    fixable: false,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        limit: { type: 'integer', minimum: 2, default: CLIENT_CONTEXT_LIMIT, description: "The client's limit on a hook's context, in characters (Claude Code 2.1.330: 10,000)." },
      },
    },
  },
  *check(project, { options }) {
    const limit = options.limit as number;
    const path = playbookTemplatePath(project.config);
    const text = path === undefined ? undefined : project.files.get(path);
    if (path === undefined || text === undefined) return;
    const fixed = text.split(KEY_POINTS_PLACEHOLDER).join('').length;
    if (fixed >= limit - 1) yield { path, span: spanOf(text, { start: 0, end: text.length }), message: messages.rule.templateTooLarge(fixed, limit) };
  },
});
