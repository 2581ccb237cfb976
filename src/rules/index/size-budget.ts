/**
 * The index is read by the agent in every session, so its size is a running cost.
 * Tokens are estimated at 4 characters each (the usual rule of thumb for English
 * text with BPE tokenizers); the seed budgets ~5000 tokens for the whole index.
 */
import { defineRule } from '../../core/rule.js';
import { spanOf } from '../../model/lines.js';
import { checkMessages as m } from '../../messages/check.js';

export const CHARS_PER_TOKEN = 4;
export const DEFAULT_MAX_TOKENS = 5000;

export default defineRule({
  meta: {
    id: 'index/size-budget',
    description: `The memory index stays within a token budget (option maxTokens, default ${DEFAULT_MAX_TOKENS}, estimated)`,
    severity: 'warning',
    fixable: false,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxTokens: { type: 'integer', minimum: 1, default: DEFAULT_MAX_TOKENS, description: `The most tokens the memory index may have, estimated at ${CHARS_PER_TOKEN} characters a token.` },
      },
    },
  },
  *check({ index }, { options }) {
    if (!index) return;
    const max = options.maxTokens as number;
    const tokens = Math.ceil(index.text.length / CHARS_PER_TOKEN);
    if (tokens > max) yield { path: index.path, span: spanOf(index.lines, 0, 0), message: m.indexBudget(tokens, max) };
  },
});
