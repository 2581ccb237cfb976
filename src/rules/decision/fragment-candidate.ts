/**
 * Fragment promotion (the `/when` design, "Fragment Promotion Rule"): a learning
 * whose content costs about what its index entry costs belongs in context, not
 * behind a lookup. Promote it when
 *
 *   tokens(content) ≤ tokens(index entry) + margin        margin ≈ 2 tokens
 *
 * (the `/` and the entry's formatting), tokens estimated as the size budget does
 * (index/size-budget.ts: 4 characters a token). The content is the section's text
 * under its heading, blank lines around it aside; a section with sub-headings holds
 * other memories and is never a candidate, nor is an empty one. `memdex promote
 * <entry>` moves it into a fragment (a file CLAUDE.md @-loads) and removes its
 * heading and entry, both or neither.
 */
import { defineRule } from '../../core/rule.js';
import { checkMessages as m } from '../../messages/check.js';
import { entryLabel } from '../../model/entry-line.js';
import { pairing } from '../../model/pairing.js';
import { CHARS_PER_TOKEN } from '../index/size-budget.js';
import { fileOf, headingSpan } from '../spans.js';

/** The design's margin: the `/` and the entry's formatting, about 2 tokens. */
export const DEFAULT_MARGIN_TOKENS = 2;

export const tokensOf = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

export default defineRule({
  meta: {
    id: 'decision/fragment-candidate',
    description: `A memory whose content costs no more than its index entry (+${DEFAULT_MARGIN_TOKENS} tokens, option margin) belongs in an always-loaded fragment`,
    severity: 'warning',
    fixable: false,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        margin: { type: 'integer', minimum: 0, default: DEFAULT_MARGIN_TOKENS, description: `Tokens the content may exceed its entry by and still be promoted (estimated at ${CHARS_PER_TOKEN} characters a token).` },
      },
    },
  },
  *check(project, { options }) {
    const index = project.index;
    if (!index) return;
    const margin = options.margin as number;
    const { headingOf } = pairing(project);
    for (const entry of index.entries) {
      const heading = headingOf.get(entry);
      const file = heading && fileOf(project, heading.path);
      if (!heading || !file || entry.kind !== 'entry' || heading.directEnd < heading.sectionEnd) continue;
      const content = file.text.slice(heading.bodyStart, heading.sectionEnd).trim();
      if (content === '') continue;
      const [contentTokens, entryTokens] = [tokensOf(content), tokensOf(entry.text.trim())];
      if (contentTokens <= entryTokens + margin) {
        yield { path: file.path, span: headingSpan(file, heading), message: m.fragmentCandidate(heading.text, contentTokens, entryTokens, margin, entryLabel(entry)) };
      }
    }
  },
});
