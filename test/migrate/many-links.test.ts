/**
 * Issue 27 item 3: `migrate apply` with 200,000 links to a renamed heading overflowed the
 * stack. The rewrite of one text's links (link-sites.ts, links.ts, core/edits.ts) is
 * iterative: 200,000 links in one text are all rewritten.
 */
import { expect, test } from '@jest/globals';
import { applyEdits } from '../../src/core/edits.js';
import { linkDestinations } from '../../src/migrate/link-sites.js';
import { linkEdits } from '../../src/migrate/links.js';

/** 200,000 under `npm run fuzz` (FUZZ_RUNS set: ~110 s at load 12 on 2 cores, most of it remark's parse); 20,000 in `npm test`. */
const n = process.env.FUZZ_RUNS ? 200_000 : 20_000;

test(`${n} links to a renamed heading in one text: every one rewritten, no stack overflow`, () => {
  const text = '[x](a.md#old)\n'.repeat(n);
  const edits = linkEdits('agents/decisions/a.md', text, new Map([['agents/decisions/a.md', new Map([['old', 'new']])]]), linkDestinations);
  expect(edits).toHaveLength(n);
  const out = applyEdits(text, edits);
  expect(out).toBe('[x](a.md#new)\n'.repeat(n));
}, 120_000);
