/** Long decision files are hard to navigate and to load whole (`/when ..file.md`). */
import { defineRule } from '../../core/rule.js';
import { spanOf } from '../../model/lines.js';
import { checkMessages as m } from '../../messages/check.js';

export const DEFAULT_MAX_LINES = 400;

export default defineRule({
  meta: {
    id: 'decision/line-limit',
    description: `A decision file has at most ${DEFAULT_MAX_LINES} lines (option max)`,
    severity: 'error',
    fixable: false,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        max: { type: 'integer', minimum: 1, default: DEFAULT_MAX_LINES, description: 'The most lines a decision file may have.' },
      },
    },
  },
  *check(project, { options }) {
    const max = options.max as number;
    for (const file of project.decisions) {
      if (file.lineCount <= max) continue;
      const start = file.lines.starts[max]!;
      yield { path: file.path, span: spanOf(file.lines, start, file.lines.ends[max]!), message: m.lineLimit(file.lineCount, max) };
    }
  },
});
